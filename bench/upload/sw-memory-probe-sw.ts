// The service worker of bench/upload/sw-memory-probe.ts: answers /dl/{variant} with the probe's
// sealed body (all-zero key and prefix) passed through as it is, read and dropped (default reader,
// detached chunks, BYOB into one buffer), made in JavaScript, or opened by openedBody (its chunks
// given or lent). Each way is one variant.
import { openedBody } from '@shared/e2ee/opened-body';
import type { RecordKey } from '@shared/e2ee/records';

type FetchEvent = Event & { request: Request; respondWith(answer: Promise<Response>): void };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
const scope = self as unknown as {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
};

type Detachable = ArrayBuffer & { transfer(length?: number): ArrayBuffer };
const detach = (buffer: ArrayBufferLike) => {
  if (buffer instanceof ArrayBuffer) (buffer as Detachable).transfer(0);
};

function generated(total: number, ring: boolean): ReadableStream<Uint8Array> {
  const size = 1024 * 1024;
  const buffers = [0, 1, 2].map(() => new Uint8Array(size));
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = ring ? (buffers[(sent / size) % 3] ?? new Uint8Array(size)) : new Uint8Array(size);
        chunk[0] = sent & 0xff;
        controller.enqueue(chunk);
        sent += size;
        if (sent >= total) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

scope.addEventListener('install', () => void scope.skipWaiting());
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
scope.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!url.pathname.startsWith('/dl/')) return;
  const variant = url.pathname.slice(4);
  event.respondWith(
    (async () => {
      if (variant === 'fetch-passthrough') return fetch('/sealed');
      if (variant.startsWith('gen-'))
        return new Response(generated(1024 * 1024 * 1024, variant === 'gen-ring'), {
          headers: { 'content-disposition': 'attachment' },
        });
      const stored = await fetch(variant.startsWith('plain') ? '/plain' : '/sealed');
      const body = stored.body;
      if (body === null) return new Response('no body', { status: 502 });
      const key = await crypto.subtle.importKey('raw', new Uint8Array(32), 'AES-GCM', false, ['decrypt']);
      const recordKey: RecordKey = { key, prefix: new Uint8Array(8) };
      const headers = { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' };
      const streams: Record<string, () => ReadableStream<Uint8Array>> = {
        'plain-native': () => body,
        current: () => openedBody(body, recordKey),
        'current-lent': () => openedBody(body, recordKey, { chunks: 'lent' }),
      };
      if (variant.startsWith('read-')) {
        let count = 0;
        if (variant === 'read-byob') {
          const reader = body.getReader({ mode: 'byob' });
          let buffer = new ArrayBuffer(1024 * 1024);
          for (;;) {
            const read = await reader.read(new Uint8Array(buffer));
            if (read.done) break;
            count += read.value.byteLength;
            buffer = read.value.buffer as ArrayBuffer;
          }
        } else {
          const reader = body.getReader();
          for (;;) {
            const read = await reader.read();
            if (read.done) break;
            count += read.value.byteLength;
            if (variant === 'read-detach') detach(read.value.buffer);
          }
        }
        return new Response(String(count), { headers });
      }
      const make = streams[variant];
      if (make === undefined) return new Response('unknown variant', { status: 404 });
      return new Response(make(), { headers });
    })(),
  );
});
