// Markdown that was not rendered, on either side: the server (server/lib/markdown) and the browser
// (src/ui/lib/markdown-worker.ts) render in a worker with RENDER_BUDGET_MS each, and answer what
// they could not render as its text, escaped, with the reason. Each runs the one renderer of
// markdown-to-html.ts, whose time grows with the square of some inputs (runs of `_a`, nested lists).
import * as z from 'zod/mini';

/** How long one render may run before its worker is stopped and the text shown escaped. */
export const RENDER_BUDGET_MS = 2_000;

/**
 * Why Markdown came as escaped text: `too-complex` ran over the budget or broke the renderer (a
 * stack overflow), and is answered so again without a retry; `busy` found every renderer taken.
 */
export const unrenderedSchema = z.enum(['too-complex', 'busy']);
export type Unrendered = z.infer<typeof unrenderedSchema>;

/** Text made safe to place in HTML as text (native replaceAll: a fraction of a regex callback's time). */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Markdown source shown as it is written, in place of its rendering. */
export function unrenderedMarkdownHtml(source: string): string {
  return `<pre class="markdown-unrendered">${escapeHtml(source)}</pre>`;
}
