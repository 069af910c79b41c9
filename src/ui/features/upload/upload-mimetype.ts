const markdownExtensions: ReadonlySet<string> = new Set(['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd']);
const FALLBACK = 'application/octet-stream';

/** Spec §5: Markdown names go as text/markdown, others with the browser's type, else octet-stream. */
export function uploadMimetype(filename: string, browserType: string): string {
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  if (markdownExtensions.has(extension)) return 'text/markdown';
  return browserType.trim() === '' ? FALLBACK : browserType;
}
