import { describe, expect, it } from 'vitest';
import { deriveKey, newSecret } from './keys';
import { openedBody } from './opened-body';
import { PLAIN_RECORD_BYTES, RECORD_BYTES, RecordError, type RecordKey, sealRecords, TAG_BYTES } from './records';

const patterned = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

async function recordKey(secret = newSecret()): Promise<RecordKey> {
  return { key: await deriveKey(secret, 'content'), prefix: crypto.getRandomValues(new Uint8Array(8)) };
}

/** `sealed` in chunks of `chunk` bytes, as a plain stream or as a byte stream (read straight into the opener's buffers). */
function stream(sealed: Uint8Array, chunk: number, bytes: boolean): ReadableStream<Uint8Array> {
  if (!bytes)
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < sealed.byteLength; at += chunk) controller.enqueue(sealed.slice(at, at + chunk));
        controller.close();
      },
    });
  let at = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      if (at >= sealed.byteLength) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      controller.enqueue(sealed.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** Opens `sealed`; lent chunks are copied as they are read, as a Response body reads them. */
async function open(
  key: RecordKey,
  sealed: Uint8Array,
  chunk: number,
  bytes: boolean,
  batch?: number,
  chunks: 'given' | 'lent' = 'given',
) {
  const parts: Uint8Array[] = [];
  for await (const part of openedBody(stream(sealed, chunk, bytes), key, { batchRecords: batch, chunks }))
    parts.push(chunks === 'lent' ? part.slice() : part);
  return concat(parts);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  return error instanceof RecordError ? error.reason : String(error);
}

describe('openedBody', () => {
  it.each([
    0,
    1,
    PLAIN_RECORD_BYTES - 1,
    PLAIN_RECORD_BYTES,
    PLAIN_RECORD_BYTES + 1,
    2 * PLAIN_RECORD_BYTES,
    3 * PLAIN_RECORD_BYTES,
    4 * PLAIN_RECORD_BYTES + 17,
  ])('opens %i bytes, whatever the chunking, the batch and the kind of source', async (size) => {
    const key = await recordKey();
    const plain = patterned(size);
    const sealed = await sealRecords(key, 0, plain, true);
    for (const bytes of [false, true])
      for (const batch of [1, 2, 3])
        for (const chunk of [1_000, RECORD_BYTES, RECORD_BYTES + 1, 1 << 20])
          for (const chunks of ['given', 'lent'] as const)
            expect(await open(key, sealed, chunk, bytes, batch, chunks)).toEqual(plain);
  });

  it('refuses a flipped byte anywhere, a reorder, a cut, an addition and another key', async () => {
    const key = await recordKey();
    const sealed = await sealRecords(key, 0, patterned(5 * PLAIN_RECORD_BYTES + 100), true);
    for (const bytes of [false, true])
      for (const [batch, chunks] of [
        [1, 'given'],
        [2, 'given'],
        [16, 'given'],
        [1, 'lent'],
        [2, 'lent'],
      ] as const) {
        const run = (input: Uint8Array, withKey = key) => failure(open(withKey, input, 10_000, bytes, batch, chunks));
        for (const at of [0, 12, RECORD_BYTES - 1, RECORD_BYTES + 5, 3 * RECORD_BYTES, sealed.byteLength - 1]) {
          const flipped = sealed.slice();
          flipped[at] = (flipped[at] ?? 0) ^ 1;
          expect(await run(flipped)).toBe('damaged');
        }
        const swapped = concat([
          sealed.subarray(RECORD_BYTES, 2 * RECORD_BYTES),
          sealed.subarray(0, RECORD_BYTES),
          sealed.subarray(2 * RECORD_BYTES),
        ]);
        expect(await run(swapped)).toBe('damaged');
        for (const records of [1, 2, 3, 4, 5])
          expect(await run(sealed.subarray(0, records * RECORD_BYTES))).toBe('truncated');
        expect(await run(sealed.subarray(0, sealed.byteLength - 1))).toBe('damaged');
        expect(await run(sealed.subarray(0, TAG_BYTES - 1))).toBe('truncated');
        expect(await run(new Uint8Array(0))).toBe('truncated');
        for (const records of [1, 2, 4]) {
          const exact = await sealRecords(key, 0, patterned(records * PLAIN_RECORD_BYTES), true);
          expect(await run(concat([exact, exact.subarray(0, RECORD_BYTES)]))).toBe('extended');
          expect(await run(concat([exact, new Uint8Array(1)]))).toBe('extended');
        }
        expect(await run(sealed, await recordKey())).toBe('damaged');
      }
  });

  it('hands out no byte of a record that does not open', async () => {
    const key = await recordKey();
    const plain = patterned(3 * PLAIN_RECORD_BYTES);
    const sealed = await sealRecords(key, 0, plain, true);
    sealed[2 * RECORD_BYTES + 7] = (sealed[2 * RECORD_BYTES + 7] ?? 0) ^ 1;
    const reader = openedBody(stream(sealed, 4_096, true), key, { batchRecords: 1 }).getReader();
    const handed: Uint8Array[] = [];
    const error = await (async () => {
      for (;;) {
        const read = await reader.read();
        if (read.done) return null;
        handed.push(read.value);
      }
    })().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RecordError);
    expect(concat(handed)).toEqual(plain.subarray(0, 2 * PLAIN_RECORD_BYTES));
  });

  it('lends its chunks: each one is emptied two pulls later, never filled with other bytes', async () => {
    const key = await recordKey();
    const plain = patterned(6 * PLAIN_RECORD_BYTES + 5);
    const sealed = await sealRecords(key, 0, plain, true);
    const reader = openedBody(stream(sealed, 4_096, true), key, { batchRecords: 1, chunks: 'lent' }).getReader();
    const read: Uint8Array[] = [];
    const copies: Uint8Array[] = [];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      read.push(next.value);
      copies.push(next.value.slice());
    }
    expect(concat(copies)).toEqual(plain);
    expect(read).toHaveLength(7);
    // Batches 1 to 4 were freed by the pulls of batches 4 to 7; the last two stay with the reader.
    expect(read.map((chunk) => chunk.byteLength)).toEqual([0, 0, 0, 0, 0, PLAIN_RECORD_BYTES, 5]);
  });

  it('gives its chunks by default: the reader keeps them', async () => {
    const key = await recordKey();
    const plain = patterned(5 * PLAIN_RECORD_BYTES);
    const sealed = await sealRecords(key, 0, plain, true);
    const parts: Uint8Array[] = [];
    for await (const part of openedBody(stream(sealed, 4_096, true), key, { batchRecords: 1 })) parts.push(part);
    expect(concat(parts)).toEqual(plain);
  });
});
