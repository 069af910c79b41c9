// The download of a basket ZIP where the browser cannot write a chosen file itself: the page
// hands this worker a MessagePort whose other end is the transfer worker building the ZIP, then
// opens a synthetic URL; the answer is a stream pulled from that port a batch at a time, so
// neither worker holds more than a batch, whatever the ZIP's size. The buffers of batches the
// download consumed go back to the transfer worker, which fills them again: a few buffers carry the
// whole ZIP instead of one new one per MiB waiting for the garbage collector.
import { registerRoute } from 'workbox-routing';
import { BASKET_DOWNLOAD_PREFIX } from '@shared/sw-message.schema';
import { createHandoff } from './handoff';

declare let self: ServiceWorkerGlobalScope;

type Waiting = { port: MessagePort; filename: string };

/** Ports handed over and not yet asked for; the message and the download's request may come in either order. */
const handed = createHandoff<Waiting>();

export function acceptBasketStream(id: string, filename: string, port: MessagePort): void {
  handed.accept(id, { port, filename });
}

type Reply =
  | { type: 'chunk'; chunk: ArrayBuffer; length: number }
  | { type: 'done' }
  | { type: 'error'; message: string };

function isReply(data: unknown): data is Reply {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    (data.type === 'chunk' || data.type === 'done' || data.type === 'error')
  );
}

/**
 * A batch's buffer goes back only once two later batches have been asked for: the response asks
 * for the next chunk after it has consumed the one before, and the extra one is a margin.
 */
const RECYCLE_AFTER = 2;

function pulledFrom(port: MessagePort): ReadableStream<Uint8Array> {
  let answer: ((reply: Reply) => void) | null = null;
  const sent: ArrayBuffer[] = [];
  port.onmessage = (event: MessageEvent<unknown>) => {
    if (isReply(event.data)) answer?.(event.data);
  };
  port.start();
  return new ReadableStream<Uint8Array>(
    {
      pull: (controller) =>
        new Promise<void>((resolve) => {
          answer = (reply) => {
            answer = null;
            if (reply.type === 'chunk') {
              sent.push(reply.chunk);
              controller.enqueue(new Uint8Array(reply.chunk, 0, reply.length));
            } else if (reply.type === 'done') {
              controller.close();
              port.close();
            } else {
              controller.error(new Error(reply.message));
              port.close();
            }
            resolve();
          };
          const recycle = sent.length > RECYCLE_AFTER ? sent.shift() : undefined;
          port.postMessage(
            recycle === undefined ? { type: 'pull' } : { type: 'pull', recycle },
            recycle === undefined ? [] : [recycle],
          );
        }),
      cancel: () => {
        port.postMessage({ type: 'cancel' });
        port.close();
      },
    },
    { highWaterMark: 0 },
  );
}

export function registerBasketDownloads(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(BASKET_DOWNLOAD_PREFIX),
    async ({ url }) => {
      const id = decodeURIComponent(url.pathname.slice(BASKET_DOWNLOAD_PREFIX.length).split('/')[0] ?? '');
      const stream = await handed.take(id);
      if (stream === null)
        return new Response('This download is no longer available.', {
          status: 404,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      return new Response(pulledFrom(stream.port), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(stream.filename)}`,
          'x-content-type-options': 'nosniff',
        },
      });
    },
  );
}
