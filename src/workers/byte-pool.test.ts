// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createBytePool, pooledReader } from './byte-pool';

const data = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 13) % 251);

/** A byte stream that hands out `data` in pieces of at most 7,000 bytes, as a network body might. */
function byteStream(): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      const request = controller.byobRequest;
      if (at >= data.length) {
        controller.close();
        request?.respond(0);
        return;
      }
      const size = Math.min(7_000, data.length - at);
      if (request?.view) {
        const view = new Uint8Array(
          request.view.buffer,
          request.view.byteOffset,
          Math.min(size, request.view.byteLength),
        );
        view.set(data.subarray(at, at + view.byteLength));
        at += view.byteLength;
        request.respond(view.byteLength);
      } else {
        controller.enqueue(data.slice(at, at + size));
        at += size;
      }
    },
  });
}

async function drain(body: ReadableStream<Uint8Array>, pool: ReturnType<typeof createBytePool>) {
  const reader = pooledReader(body, pool);
  const out = new Uint8Array(data.length);
  const buffers = new Set<ArrayBufferLike>();
  let at = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    out.set(next.value, at);
    at += next.value.byteLength;
    buffers.add(next.value.buffer);
    pool.give(next.value);
  }
  return { bytes: out.subarray(0, at), buffers };
}

describe('byte pool', () => {
  it('reads a byte stream into a reused buffer and keeps every byte', async () => {
    const pool = createBytePool(16_384, 2);
    const { bytes } = await drain(byteStream(), pool);
    expect(bytes).toEqual(data);
    // Every read went into the one buffer handed back before the next read.
    expect(pool.free).toBe(1);
    expect(pool.take().byteLength).toBe(16_384);
  });

  it('falls back to the chunks of a stream that is not a byte stream, and ignores them on give', async () => {
    const pool = createBytePool(16_384, 2);
    const plain = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < data.length; at += 50_000) controller.enqueue(data.slice(at, at + 50_000));
        controller.close();
      },
    });
    const { bytes, buffers } = await drain(plain, pool);
    expect(bytes).toEqual(data);
    expect(buffers.size).toBe(6);
    expect(pool.free).toBe(0);
  });

  it('keeps at most `keep` free buffers', () => {
    const pool = createBytePool(1_024, 2);
    const taken = [pool.take(), pool.take(), pool.take()];
    for (const view of taken) pool.give(view);
    expect(pool.free).toBe(2);
  });
});
