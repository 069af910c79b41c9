// Markdown → safe HTML in the browser, for the editor preview, pastes the server did not render
// (offline copies, after an edit, very long ones, a busy server) and the explorer's preview. The
// rendering runs in the Markdown worker (src/workers/markdown-client.ts) with RENDER_BUDGET_MS, so
// a paste the renderer cannot finish never freezes the page: it comes back as its text, escaped,
// marked `too-complex`. Every rendered result passes DOMPurify here, which drops scripts, handlers,
// js: URLs, <style>, <form>, style attributes and every <input> but the disabled task-list
// checkbox: the same rules as the server's sanitiser (tests/unit/markdown-safety-cases.ts).
import DOMPurify from 'dompurify';
import { escapeHtml, unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { type MarkdownClient, markdownClient } from '@workers/markdown-client';

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

/** Rendered HTML, or the text escaped when it was too complex to render; `failed` when the worker could not load. */
export type SafeHtml = { html: string; unrendered?: 'too-complex' } | { failed: true };

type RenderOptions = { highlight: boolean; signal?: AbortSignal; client?: MarkdownClient };

function sanitize(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}

/** GitHub-flavoured Markdown rendered off the main thread and sanitised; code escaped, or highlighted. */
export async function renderMarkdown(
  source: string,
  { highlight, signal, client = markdownClient() }: RenderOptions,
): Promise<SafeHtml> {
  const outcome = await client.render({ kind: 'markdown', source, highlight }, signal);
  if ('failed' in outcome) return outcome;
  if ('unrendered' in outcome) return { html: unrenderedMarkdownHtml(source), unrendered: 'too-complex' };
  return { html: sanitize(outcome.html) };
}

/** A file's text highlighted by its extension off the main thread; escaped when too complex. */
export async function highlightFileText(
  text: string,
  filename: string,
  { signal, client = markdownClient() }: Omit<RenderOptions, 'highlight'> = {},
): Promise<SafeHtml> {
  const outcome = await client.render({ kind: 'file-text', text, filename }, signal);
  if ('failed' in outcome) return outcome;
  // highlight.js escapes what it returns.
  if ('unrendered' in outcome) return { html: escapeHtml(text), unrendered: 'too-complex' };
  return { html: outcome.html };
}
