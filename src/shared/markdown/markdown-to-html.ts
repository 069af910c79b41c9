// GitHub-flavoured Markdown → HTML, the one rendering both sides use: the server for paste pages
// (server/lib/markdown-html.ts), the browser for the editor preview and offline copies
// (src/ui/lib/markdown-render.ts). The result is NOT safe yet: each side passes it through its
// sanitiser, and tests/unit/markdown-safety-cases.ts holds both to the same rules.
import { Marked } from 'marked';
import { markedHighlight } from 'marked-highlight';

export type Highlighter = (code: string, language: string) => string;

/** Code left as it is; marked-highlight escapes what a highlighter did not change. */
const unhighlighted: Highlighter = (code) => code;

/**
 * Markdown → unsanitised HTML. Code blocks get `hljs language-…` classes whether or not `highlight`
 * colours them, so a page that highlights later keeps the same boxes.
 */
export function createMarkdownToHtml(highlight: Highlighter = unhighlighted): (source: string) => string {
  const marked = new Marked(
    markedHighlight({
      emptyLangClass: 'hljs',
      langPrefix: 'hljs language-',
      highlight: (code, lang) => highlight(code, lang),
    }),
    { gfm: true },
  );
  return (source) => marked.parse(source, { async: false });
}
