// The one home of the upload type rule: Markdown names go as text/markdown whatever the
// browser reports, other files keep the type they come with, else application/octet-stream.
// The upload form, the transfer worker and the server all decide through these functions.

export const GENERIC_MIMETYPE = 'application/octet-stream';
export const MARKDOWN_MIMETYPE = 'text/markdown';

/** The extensions that make a file Markdown. */
export const markdownExtensions: ReadonlySet<string> = new Set([
  'md',
  'markdown',
  'mdown',
  'mkd',
  'mdwn',
  'mdtxt',
  'mdtext',
  'rmd',
]);

/** The lower-case extension after the last dot; none for dotfiles (`.md`) and names without one. */
export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function isMarkdownName(filename: string): boolean {
  return markdownExtensions.has(fileExtension(filename));
}

/** The type an upload is sent with: text/markdown for Markdown names, else the reported type, else octet-stream. */
export function uploadMimetype(filename: string, reportedType: string | undefined): string {
  if (isMarkdownName(filename)) return MARKDOWN_MIMETYPE;
  const type = reportedType?.trim() ?? '';
  return type === '' ? GENERIC_MIMETYPE : type;
}
