// The paths (and query) of the first call each share page makes, in a module free of schemas: the
// page's entry starts that call before the app's code has arrived (src/ui/app/first-request.ts),
// and the endpoint definitions take their paths from here, so the two cannot drift apart.
export const sharePaths = {
  pasteView: '/paste/:slug',
  publicFile: '/public/files/:slug',
  /** Asked for next when the file's details show a text preview (see first-request.ts). */
  filePreview: '/file-preview/:slug',
} as const;

/**
 * A paste page asks for its Markdown rendered and sanitised by the server, and spends no view of a
 * view-limited paste until the visitor asks for it (`pasteRevealQuery`).
 */
export const pastePageQuery = { render: 'html', reveal: 'ask' } as const;
/** The visitor's "Show it" on a view-limited paste: the read that spends the view. */
export const pasteRevealQuery = { render: 'html' } as const;
/**
 * A server-rendered paste page's second read, for a signed-in visitor: what only the paste's editor
 * sees (the edit id), counting no view, since the page's HTML counted the visit.
 */
export const pasteEditorQuery = { render: 'html', reveal: 'editor' } as const;
