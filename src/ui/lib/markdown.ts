// Markdown → safe HTML for pastes and file previews. Loaded lazily (marked, highlight.js and
// DOMPurify are large); every result passes DOMPurify, which drops scripts, handlers, js: URLs,
// <style>, <form>, style attributes and every <input> but the disabled task-list checkbox.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { markedHighlight } from 'marked-highlight';
import { highlightCode } from './highlight';

const marked = new Marked(
  markedHighlight({
    emptyLangClass: 'hljs',
    langPrefix: 'hljs language-',
    highlight: (code, lang) => highlightCode(code, lang),
  }),
  { gfm: true },
);

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

/** GitHub-flavoured Markdown rendered to sanitised HTML. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return purifier.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
}
