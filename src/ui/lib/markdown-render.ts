// Markdown → safe HTML, with or without code highlighting. Every result passes DOMPurify, which
// drops scripts, handlers, js: URLs, <style>, <form>, style attributes and every <input> but the
// disabled task-list checkbox. highlight.js is the larger half of the Markdown code, so a page
// renders first without it and highlights once it arrives (markdown-html.tsx); code blocks carry
// the same classes either way, so nothing moves when the colours come.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { markedHighlight } from 'marked-highlight';

export type Highlighter = (code: string, language: string) => string;

/** Code left as it is; marked-highlight escapes what a highlighter did not change. */
const unhighlighted: Highlighter = (code) => code;

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') === 'checkbox') node.setAttribute('disabled', '');
    else node.remove();
    return;
  }
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
  node.setAttribute('rel', 'noopener noreferrer');
  node.setAttribute('target', '_blank');
});

/** GitHub-flavoured Markdown rendered to sanitised HTML; code is escaped, or highlighted by `highlight`. */
export function createMarkdownRenderer(highlight: Highlighter = unhighlighted): (source: string) => string {
  const marked = new Marked(
    markedHighlight({ emptyLangClass: 'hljs', langPrefix: 'hljs language-', highlight: (code, lang) => highlight(code, lang) }),
    { gfm: true },
  );
  return (source) => {
    const html = marked.parse(source, { async: false });
    return purifier.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
  };
}
