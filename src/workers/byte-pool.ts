// Buffers that a long stream reuses instead of allocating one per chunk. A chunk's memory is freed
// only when the garbage collector runs, and a worker that moves gigabytes while its own heap barely
// grows may not run it for hundreds of megabytes: the basket's ZIP reads every body into buffers of
// this pool and hands each back once it is written, so a few buffers carry the whole download.

export type BytePool = {
  /** A view over a free buffer (a new one when none is free). */
  take(): Uint8Array<ArrayBuffer>;
  /** Returns a chunk's buffer once nothing reads it any more; chunks from elsewhere are ignored. */
  give(chunk: Uint8Array): void;
  /** Marks the buffer behind a view that a read returned (a BYOB read moves the memory to a new ArrayBuffer). */
  own(chunk: Uint8Array<ArrayBuffer>): void;
  readonly free: number;
};

export function createBytePool(bufferBytes: number, keep: number): BytePool {
  const free: ArrayBuffer[] = [];
  const owned = new WeakSet<ArrayBuffer>();
  return {
    take() {
      const buffer = free.pop() ?? new ArrayBuffer(bufferBytes);
      owned.add(buffer);
      return new Uint8Array(buffer);
    },
    give(chunk) {
      const { buffer } = chunk;
      if (!(buffer instanceof ArrayBuffer) || !owned.has(buffer) || buffer.byteLength !== bufferBytes) return;
      owned.delete(buffer);
      if (free.length < keep) free.push(buffer);
    },
    own(chunk) {
      owned.add(chunk.buffer);
    },
    get free() {
      return free.length;
    },
  };
}

type Read = { done: true; value?: Uint8Array | undefined } | { done: false; value: Uint8Array };

/**
 * Reads a body into the pool's buffers where the stream allows it (a byte stream: fetch bodies in
 * current browsers), else chunk by chunk as the stream gives them.
 */
export function pooledReader(
  body: ReadableStream<Uint8Array>,
  pool: BytePool,
): { read(): Promise<Read>; cancel(reason?: unknown): Promise<void> } {
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    // Not a byte stream: the default reader below.
  }
  if (byob === null) {
    const reader = body.getReader();
    return { read: () => reader.read(), cancel: (reason) => reader.cancel(reason) };
  }
  const reader = byob;
  return {
    async read() {
      for (;;) {
        const { done, value } = await reader.read(pool.take());
        if (value !== undefined) pool.own(value);
        if (value !== undefined && (done || value.byteLength === 0)) pool.give(value);
        if (done) return { done: true, value: undefined };
        if (value !== undefined && value.byteLength > 0) return { done: false, value };
      }
    },
    cancel: (reason) => reader.cancel(reason),
  };
}
