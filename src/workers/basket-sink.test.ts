// @vitest-environment node
// The ZIP written to a picked file: the browser's file handle is played by a WritableStream that
// keeps what it is given (slowly, so writes overlap the reads), the ZIP by a stream of mixed chunks.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SinkError, writeZip } from './basket-sink';

const MIB = 1024 * 1024;
const sizes = [100, 300_000, 3 * MIB, 1, 3 * MIB, 2 * MIB + 7, 3 * MIB, 64_000, 3 * MIB, 9 * MIB, 12];

function source(): { stream: ReadableStream<Uint8Array>; expected: Uint8Array; chunks: Uint8Array[] } {
  const chunks = sizes.map((size) => new Uint8Array(randomBytes(size)));
  const expected = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  let at = 0;
  for (const chunk of chunks) {
    expected.set(chunk, at);
    at += chunk.byteLength;
  }
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return { stream, expected, chunks };
}

type Written = { bytes: Uint8Array[]; closed: boolean };

function handle(written: Written, failAfter = Infinity): FileSystemFileHandle {
  const writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      if (written.bytes.length >= failAfter) throw new Error('disk full');
      // A copy taken after a turn of the event loop: a buffer reused too early would show.
      await new Promise((resolve) => setImmediate(resolve));
      written.bytes.push(chunk.slice());
    },
    close() {
      written.closed = true;
    },
  });
  return { createWritable: async () => writable } as unknown as FileSystemFileHandle;
}

describe('basket ZIP to a picked file', () => {
  it('writes every byte in order, in batches, and releases every chunk', async () => {
    const { stream, expected, chunks } = source();
    const written: Written = { bytes: [], closed: false };
    const released: Uint8Array[] = [];
    await writeZip({ kind: 'file', handle: handle(written) }, stream, {
      signal: new AbortController().signal,
      release: (chunk) => released.push(chunk),
      onCancel: () => undefined,
    });
    expect(written.closed).toBe(true);
    expect(Buffer.concat(written.bytes).equals(Buffer.from(expected))).toBe(true);
    expect(written.bytes.length).toBeLessThan(chunks.length);
    expect(released.length).toBe(chunks.length);
    expect(released.every((chunk, i) => chunk === chunks[i])).toBe(true);
  });

  it('reports a failed write as the destination failing, and never closes the file', async () => {
    const { stream } = source();
    const written: Written = { bytes: [], closed: false };
    const attempt = writeZip({ kind: 'file', handle: handle(written, 1) }, stream, {
      signal: new AbortController().signal,
      release: () => undefined,
      onCancel: () => undefined,
    });
    await expect(attempt).rejects.toBeInstanceOf(SinkError);
    expect(written.closed).toBe(false);
  });
});
