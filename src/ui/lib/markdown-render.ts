// Markdown → safe HTML in the browser, with or without code highlighting, for the editor preview
// and pastes the server did not render (offline copies, after an edit, very long ones). Every
// result passes DOMPurify, which drops scripts, handlers, js: URLs, <style>, <form>, style
// attributes and every <input> but the disabled task-list checkbox: the same rules as the server's
// sanitiser (tests/unit/markdown-safety-cases.ts). highlight.js is the larger half of the Markdown
// code, so a page renders first without it and highlights once it arrives (markdown-html.tsx).
import DOMPurify from 'dompurify';
import { createMarkdownToHtml, type Highlighter } from '@shared/markdown/markdown-to-html';

export type { Highlighter };

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
export function createMarkdownRenderer(highlight?: Highlighter): (source: string) => string {
  const toHtml = createMarkdownToHtml(highlight);
  return (source) =>
    purifier.sanitize(toHtml(source), {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form'],
      FORBID_ATTR: ['style'],
    });
}
