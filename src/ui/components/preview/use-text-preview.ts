// The text of a file for its preview: at most `maxBytes` read through its inline link (the
// rest stays a download), then the Markdown renderer or the highlighter, each loaded lazily.
import { useEffect, useState } from 'react';

export type TextPreviewState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; html: string; truncated: boolean };

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

async function loadRenderer(markdown: boolean, filename: string): Promise<(text: string) => string> {
  if (markdown) return (await import('@ui/lib/markdown')).renderMarkdown;
  const { highlightFileText } = await import('@shared/markdown/highlight');
  return (text) => highlightFileText(text, filename);
}

export function useTextPreview(url: string, filename: string, markdown: boolean, maxBytes: number): TextPreviewState {
  const [state, setState] = useState<TextPreviewState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([readFileText(url, maxBytes, controller.signal), loadRenderer(markdown, filename)])
      .then(([{ text, truncated }, render]) => {
        const html = render(text);
        if (!controller.signal.aborted) setState({ status: 'ready', html, truncated });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [url, filename, markdown, maxBytes]);

  return state;
}
