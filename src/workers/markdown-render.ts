// The Markdown worker's work, apart from its wiring (markdown.worker.ts) so tests can run it in a
// Node worker: the shared renderer (unsanitised: the page passes the result through DOMPurify),
// highlight.js set up on the first job that asks for it (without it, code stays uncoloured), and a renderer's exception (a stack
// overflow on deep nesting) answered as a failure.
import { createMarkdownToHtml } from '@shared/markdown/markdown-to-html';
import { escapeHtml } from '@shared/markdown/unrendered';
import type { MarkdownReply, MarkdownRequest } from './markdown-protocol';

type Highlighting = typeof import('@shared/markdown/highlight');

const plain = createMarkdownToHtml();
let highlighted: Promise<{ toHtml: (source: string) => string; highlighting: Highlighting }> | undefined;

/** highlight.js and a renderer that uses it; undefined when it cannot load (offline), to be tried again. */
async function loadHighlighting() {
  highlighted ??= import('@shared/markdown/highlight').then((highlighting) => ({
    highlighting,
    toHtml: createMarkdownToHtml(highlighting.highlightCode),
  }));
  try {
    return await highlighted;
  } catch {
    highlighted = undefined;
    return undefined;
  }
}

/** Renders one request; `onStart` is called once the code it needs has loaded, as rendering begins. */
export async function renderRequest(request: MarkdownRequest, onStart: (id: number) => void): Promise<MarkdownReply> {
  const { id } = request;
  const loaded = request.kind === 'markdown' && !request.highlight ? undefined : await loadHighlighting();
  onStart(id);
  try {
    if (request.kind === 'file-text') {
      const html = loaded?.highlighting.highlightFileText(request.text, request.filename) ?? escapeHtml(request.text);
      return { id, html };
    }
    return { id, html: (loaded?.toHtml ?? plain)(request.source) };
  } catch (error) {
    return { id, failed: error instanceof Error ? error.name : 'Error' };
  }
}
