const markdownExtensions = new Set(['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd']);

/** Markdown names are sent as text/markdown; others use the browser's type, else octet-stream (spec §5). */
export function resolveMimetype(filename: string, browserType: string): string {
  const extension = filename.includes('.') ? filename.split('.').pop()?.toLowerCase() : undefined;
  if (extension !== undefined && markdownExtensions.has(extension)) return 'text/markdown';
  return browserType === '' ? 'application/octet-stream' : browserType;
}
