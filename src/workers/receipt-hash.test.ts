// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forEachChunk, sha256Of } from './receipt-hash';

const MIB = 1024 * 1024;
const bytes = new Uint8Array(3 * MIB + 17).map((_, i) => (i * 31) % 256);
const expected = createHash('sha256').update(bytes).digest('hex');
const empty = createHash('sha256').digest('hex');

describe('the receipt hash', () => {
  it.each(['stream', 'slices'] as const)('is the SHA-256 of the whole file, read as %s', async (reads) => {
    expect(await sha256Of(new Blob([bytes]), { reads })).toBe(expected);
    // Buffers that do not divide the size, one byte left at the end, larger than the file.
    expect(await sha256Of(new Blob([bytes]), { reads, bufferBytes: MIB })).toBe(expected);
    expect(await sha256Of(new Blob([bytes]), { reads, bufferBytes: 3 * MIB + 16 })).toBe(expected);
    expect(await sha256Of(new Blob([bytes]), { reads, bufferBytes: 8 * MIB })).toBe(expected);
    expect(await sha256Of(new Blob([]), { reads })).toBe(empty);
  });

  it('reads the stream into the same buffers again and again, each one full but the last', async () => {
    const chunks: Uint8Array[] = [];
    const sizes: number[] = [];
    await forEachChunk(
      new Blob([bytes]),
      (chunk) => {
        chunks.push(chunk);
        sizes.push(chunk.byteLength);
      },
      { bufferBytes: MIB },
    );
    expect(sizes).toEqual([MIB, MIB, MIB, 17]);
    // Each buffer went back to the stream for the next read (a BYOB read takes the buffer over),
    // so the chunks read earlier now look empty: no read left a buffer of its own behind.
    expect(chunks.slice(0, 3).map((chunk) => chunk.byteLength)).toEqual([0, 0, 0]);
  });

  it.each(['stream', 'slices'] as const)('stops reading, read as %s, once the upload is over', async (reads) => {
    const stop = new AbortController();
    let seen = 0;
    const reading = forEachChunk(
      new Blob([bytes]),
      () => {
        seen += 1;
        stop.abort(new DOMException('the upload failed', 'AbortError'));
      },
      { reads, bufferBytes: MIB, signal: stop.signal },
    );
    await expect(reading).rejects.toThrow('the upload failed');
    expect(seen).toBe(1);
  });

  it('tells how many bytes it has hashed after every chunk', async () => {
    const hashed: number[] = [];
    expect(await sha256Of(new Blob([bytes]), { bufferBytes: MIB, onBytes: (count) => hashed.push(count) })).toBe(
      expected,
    );
    expect(hashed).toEqual([MIB, 2 * MIB, 3 * MIB, bytes.byteLength]);
  });

  it('tells where it stands as it goes, and takes up again from each of those points', async () => {
    const checkpoints: { offset: number; state: Uint8Array }[] = [];
    const whole = await sha256Of(new Blob([bytes]), {
      bufferBytes: MIB,
      checkpointBytes: MIB,
      onCheckpoint: (checkpoint) => checkpoints.push(checkpoint),
    });
    expect(whole).toBe(expected);
    // One a mebibyte, and one at the end.
    expect(checkpoints.map((checkpoint) => checkpoint.offset)).toEqual([MIB, 2 * MIB, 3 * MIB, bytes.byteLength]);
    for (const from of checkpoints) {
      // Only the rest is read: a file whose first bytes differ still gives the first file's hash.
      const changed = bytes.slice();
      changed.fill(0, 0, from.offset);
      const hashed: number[] = [];
      expect(
        await sha256Of(new Blob([changed]), { from, bufferBytes: MIB, onBytes: (count) => hashed.push(count) }),
      ).toBe(expected);
      // Counted from the checkpoint on: only the rest's chunks, and the whole file's size at the end.
      expect(hashed.length).toBe(Math.ceil((bytes.byteLength - from.offset) / MIB));
      expect(hashed.at(-1) ?? from.offset).toBe(bytes.byteLength);
    }
    // A state the hasher cannot read: the hash starts from the first byte.
    const unreadable = { offset: MIB, state: new Uint8Array(8) };
    expect(await sha256Of(new Blob([bytes]), { from: unreadable })).toBe(expected);
  });
});
