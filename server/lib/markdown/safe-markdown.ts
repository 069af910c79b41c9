// Markdown → safe HTML on the server, for paste pages and file previews: the shared rendering with
// highlighted code, then sanitize-html with the rules the browser's DOMPurify applies
// (src/ui/lib/markdown-render.ts; tests/unit/markdown-safety-cases.ts holds both to them). Loaded
// by the render workers only (render.worker.ts), with the file-text highlighter (whose output
// highlight.js escapes).
import sanitizeHtml from 'sanitize-html';
import { highlightCode } from '@shared/markdown/highlight';
import { createMarkdownToHtml } from '@shared/markdown/markdown-to-html';

export { highlightFileText } from '@shared/markdown/highlight';

const toHtml = createMarkdownToHtml(highlightCode);

const policy: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'input', 'del', 'ins', 'details', 'summary'],
  // No id or name: user markup must not clobber the page's own globals or anchors.
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    // rel and target are set on every link by the transform below.
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start'],
    td: ['align', 'colspan', 'rowspan'],
    th: ['align', 'colspan', 'rowspan'],
    details: ['open'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: true,
  transformTags: {
    a: (tagName, attribs) =>
      attribs.href === undefined
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } },
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
  },
  // Only the task-list checkbox survives; a text or password field could phish inside a paste.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

export function markdownToSafeHtml(source: string): string {
  return sanitizeHtml(toHtml(source), policy);
}
