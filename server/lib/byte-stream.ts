// The server's byte-stream helpers, one copy each: cutting a body into parts of a fixed size
// holding one part in memory (a streamed multipart upload), and a size cap that stops a body at
// its limit, growing a reservation ahead of the bytes when asked, or reading a small body whole
// under such a cap.
import type { Readable } from 'node:stream';

/** A body cap: past `bytes`, the stream throws `error`. */
export type ByteCap = { bytes: number; error: Error };

/** Re-chunks the stream into parts of exactly `size` bytes (the last one may be shorter; none for an empty body). */
export async function* cutParts(source: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    while (pendingBytes + data.length >= size) {
      const take = size - pendingBytes;
      pending.push(data.subarray(0, take));
      yield Buffer.concat(pending);
      data = data.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (data.length > 0) {
      pending.push(data);
      pendingBytes += data.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Passes the chunks through until their total passes `cap.bytes`, then throws `cap.error` before
 * yielding the chunk that went over; `reserve(total)` is awaited before each chunk goes on.
 */
export async function* capped(
  source: AsyncIterable<Buffer>,
  cap: ByteCap,
  reserve?: (total: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > cap.bytes) throw cap.error;
    if (reserve !== undefined) await reserve(total);
    yield chunk;
  }
}

/** The whole body in one buffer; past `cap.bytes` the body is destroyed and `cap.error` thrown. */
export async function readAtMost(body: Readable, cap: ByteCap): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of capped(asBuffers(body), cap)) chunks.push(chunk);
  } catch (error) {
    body.destroy();
    throw error;
  }
  return Buffer.concat(chunks);
}

async function* asBuffers(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
}
