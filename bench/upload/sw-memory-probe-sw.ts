// The service worker of bench/upload/sw-memory-probe.ts: answers /dl/{variant} with the probe's
// sealed body (all-zero key and prefix) passed through or opened one way or another, and
// /alloc/{variant} runs in a dedicated worker (sw-memory-probe-worker.ts). Each way is one variant.
import { openedBody } from '@shared/e2ee/opened-body';
import { RECORD_BYTES, type RecordKey } from '@shared/e2ee/records';

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

const label = new TextEncoder().encode('clipdock-e2ee-v1');
function params(index: number, final: boolean): AesGcmParams {
  const iv = new Uint8Array(12);
  new DataView(iv.buffer).setUint32(8, index);
  const additionalData = new Uint8Array(label.byteLength + 1);
  additionalData.set(label);
  additionalData[label.byteLength] = final ? 1 : 0;
  return { name: 'AES-GCM', iv, additionalData, tagLength: 128 };
}

/** The default reader's chunks gathered into 1 MiB batches; `detachChunks` drops each chunk's memory once copied. */
function batches(body: ReadableStream<Uint8Array>, batchBytes: number, detachChunks: boolean) {
  const reader = body.getReader();
  let rest: Uint8Array | null = null;
  return async (into: Uint8Array<ArrayBuffer>) => {
    let filled = 0;
    while (filled < batchBytes) {
      if (rest === null) {
        const read = await reader.read();
        if (read.done) break;
        rest = read.value;
      }
      const take = Math.min(rest.byteLength, batchBytes - filled);
      into.set(rest.subarray(0, take), filled);
      filled += take;
      if (take === rest.byteLength) {
        if (detachChunks) detach(rest.buffer);
        rest = null;
      } else rest = rest.subarray(take);
    }
    return filled;
  };
}

/** Opens sixteen records at a time from a default reader; outputs copied into a ring or handed out, detached or not. */
function opened(
  body: ReadableStream<Uint8Array>,
  key: CryptoKey,
  total: number,
  how: { detachChunks: boolean; detachOut: boolean; ring: boolean; detachHanded: boolean },
): ReadableStream<Uint8Array> {
  const batchBytes = 16 * RECORD_BYTES;
  const fill = batches(body, batchBytes, how.detachChunks);
  const input = new Uint8Array(batchBytes);
  const ring = [0, 1, 2].map(() => new Uint8Array(batchBytes));
  const handed: ArrayBuffer[][] = [];
  let pulls = 0;
  let index = 0;
  let read = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const filled = await fill(input);
        read += filled;
        const last = read >= total;
        const records: Promise<ArrayBuffer>[] = [];
        for (let at = 0; at < filled; at += RECORD_BYTES) {
          const end = Math.min(filled, at + RECORD_BYTES);
          records.push(crypto.subtle.decrypt(params(index, last && end === filled), key, input.subarray(at, end)));
          index += 1;
        }
        const outs = await Promise.all(records);
        if (how.ring) {
          const slot = ring[pulls % ring.length] ?? new Uint8Array(batchBytes);
          let at = 0;
          for (const out of outs) {
            slot.set(new Uint8Array(out), at);
            at += out.byteLength;
            if (how.detachOut) detach(out);
          }
          controller.enqueue(slot.subarray(0, at));
        } else {
          for (const out of outs) controller.enqueue(new Uint8Array(out));
          if (how.detachHanded) {
            handed.push(outs);
            if (handed.length > 2) for (const old of handed.shift() ?? []) detach(old);
          }
        }
        pulls += 1;
        if (last) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

function passed(body: ReadableStream<Uint8Array>, how: { ring: boolean; detachChunks: boolean }) {
  const batchBytes = 1024 * 1024;
  const fill = batches(body, batchBytes, how.detachChunks);
  const ring = [0, 1, 2].map(() => new Uint8Array(batchBytes));
  let pulls = 0;
  const reader = how.ring ? null : body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (reader !== null) {
          const read = await reader.read();
          if (read.done) controller.close();
          else controller.enqueue(read.value);
          return;
        }
        const slot = ring[pulls % ring.length] ?? new Uint8Array(batchBytes);
        pulls += 1;
        const filled = await fill(slot);
        if (filled > 0) controller.enqueue(slot.subarray(0, filled));
        if (filled < batchBytes) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

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
      const total = Number(stored.headers.get('content-length'));
      const body = stored.body;
      if (body === null) return new Response('no body', { status: 502 });
      const key = await crypto.subtle.importKey('raw', new Uint8Array(32), 'AES-GCM', false, ['decrypt']);
      const recordKey: RecordKey = { key, prefix: new Uint8Array(8) };
      const headers = { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' };
      const streams: Record<string, () => ReadableStream<Uint8Array>> = {
        'plain-native': () => body,
        'plain-js': () => passed(body, { ring: false, detachChunks: false }),
        'plain-ring': () => passed(body, { ring: true, detachChunks: false }),
        'plain-ring-detach': () => passed(body, { ring: true, detachChunks: true }),
        current: () => openedBody(body, recordKey),
        'current-lent': () => openedBody(body, recordKey, { chunks: 'lent' }),
        'default-keep': () =>
          opened(body, key, total, { detachChunks: false, detachOut: false, ring: true, detachHanded: false }),
        'default-detach-chunks': () =>
          opened(body, key, total, { detachChunks: true, detachOut: false, ring: true, detachHanded: false }),
        'default-detach-out': () =>
          opened(body, key, total, { detachChunks: false, detachOut: true, ring: true, detachHanded: false }),
        'default-detach-both': () =>
          opened(body, key, total, { detachChunks: true, detachOut: true, ring: true, detachHanded: false }),
        'default-detach-chunks-handed': () =>
          opened(body, key, total, { detachChunks: true, detachOut: false, ring: false, detachHanded: true }),
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
