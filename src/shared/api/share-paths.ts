// The paths (and query) of the first call each share page makes, in a module free of schemas: the
// page's entry starts that call before the app's code has arrived (src/ui/app/first-request.ts),
// and the endpoint definitions take their paths from here, so the two cannot drift apart.
export const sharePaths = {
  pasteView: '/paste/:slug',
  publicFile: '/public/files/:slug',
  /** Asked for next when the file's details show a text preview (see first-request.ts). */
  filePreview: '/file-preview/:slug',
} as const;

/** A paste page asks for its Markdown rendered and sanitised by the server. */
export const pastePageQuery = { render: 'html' } as const;
