// The text of a file for its preview: at most `maxBytes` read through its inline link (the
// rest stays a download), then rendered or highlighted in the Markdown worker within its budget
// (text too complex for that shows escaped, `unrendered` saying why), with DOMPurify loaded lazily.
import { useEffect, useState } from 'react';
import type { Unrendered } from '@shared/markdown/unrendered';
import type { SafeHtml } from '@ui/lib/markdown-render';

export type TextPreviewState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; html: string; truncated: boolean; unrendered?: Unrendered };

type FileText = { text: string; truncated: boolean };

/** Reads at most `maxBytes` of the body, then stops the download. */
async function readFileText(url: string, maxBytes: number, signal: AbortSignal): Promise<FileText> {
  const response = await fetch(url, { signal });
  if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return { text: new TextDecoder().decode(bytes), truncated };
}

async function renderText(text: string, markdown: boolean, filename: string, signal: AbortSignal): Promise<SafeHtml> {
  const { renderMarkdown, highlightFileText } = await import('@ui/lib/markdown-render');
  return markdown ? renderMarkdown(text, { highlight: true, signal }) : highlightFileText(text, filename, { signal });
}

export function useTextPreview(url: string, filename: string, markdown: boolean, maxBytes: number): TextPreviewState {
  const [state, setState] = useState<TextPreviewState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    readFileText(url, maxBytes, controller.signal)
      .then(async ({ text, truncated }) => {
        const shown = await renderText(text, markdown, filename, controller.signal);
        if (controller.signal.aborted) return;
        setState('failed' in shown ? { status: 'failed' } : { status: 'ready', truncated, ...shown });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [url, filename, markdown, maxBytes]);

  return state;
}
