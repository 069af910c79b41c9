import { describe, expect, it } from 'vitest';
import { deriveKey, newSecret } from './keys';
import {
  openedSize,
  openingStream,
  PLAIN_RECORD_BYTES,
  plainRange,
  RECORD_BYTES,
  RecordError,
  type RecordKey,
  sealedSize,
  sealingStream,
  sealRecords,
  TAG_BYTES,
} from './records';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
const vectorSecret = Uint8Array.from({ length: 32 }, (_, i) => i);
const vectorPrefix = Uint8Array.from({ length: 8 }, (_, i) => 0xa0 + i);
const patterned = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);

async function recordKey(secret = vectorSecret, prefix = vectorPrefix): Promise<RecordKey> {
  return { key: await deriveKey(secret, 'content'), prefix };
}

/** Opens `sealed` as a stream fed in chunks of `chunk` bytes. */
async function open(key: RecordKey, sealed: Uint8Array, chunk = 10_000): Promise<Uint8Array> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < sealed.byteLength; at += chunk) controller.enqueue(sealed.slice(at, at + chunk));
      controller.close();
    },
  });
  const parts: Uint8Array[] = [];
  for await (const part of source.pipeThrough(openingStream(key))) parts.push(part);
  return concat(parts);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  return error instanceof RecordError ? error.reason : String(error);
}

describe('the record format', () => {
  it('matches the test vectors of docs/encryption.md', async () => {
    const key = await recordKey();
    expect(hex(await sealRecords(key, 0, new TextEncoder().encode('Clipdock'), true))).toBe(
      'c980218cc6d96de81a3f6857710eb453444369bc994d577e',
    );
    expect(hex(await sealRecords(key, 0, new Uint8Array(0), true))).toBe('a16088da15ee7f6e518edc4dd4c41253');
    const two = await sealRecords(key, 0, patterned(PLAIN_RECORD_BYTES + 5), true);
    expect(two.byteLength).toBe(65_557);
    expect(hex(new Uint8Array(await crypto.subtle.digest('SHA-256', two)))).toBe(
      '2c807d6e1f710b03e511e3e3a7f7e838fd2cb6f0920dedc4453c7f5b7f0c0463',
    );
    expect(hex(two.subarray(RECORD_BYTES))).toBe('ec14d373a89d7322e421903f3094db3ec013313d75');
  });

  it.each([
    0,
    1,
    PLAIN_RECORD_BYTES - 1,
    PLAIN_RECORD_BYTES,
    PLAIN_RECORD_BYTES + 1,
    3 * PLAIN_RECORD_BYTES,
    3 * PLAIN_RECORD_BYTES + 17,
  ])('seals and opens %i bytes, whatever the chunking', async (size) => {
    const key = await recordKey(newSecret(), crypto.getRandomValues(new Uint8Array(8)));
    const plain = patterned(size);
    const sealed = await sealRecords(key, 0, plain, true);
    expect(sealed.byteLength).toBe(sealedSize(size));
    expect(openedSize(sealed.byteLength)).toBe(size);
    for (const chunk of [1_000, RECORD_BYTES, RECORD_BYTES + 1, 1 << 20])
      expect(await open(key, sealed, chunk)).toEqual(plain);
  });

  it('seals parts on their own, in any order, to the same bytes as the whole file', async () => {
    const key = await recordKey();
    const size = 2 * 1024 * 1024 + 12_345;
    const plain = patterned(size);
    const whole = await sealRecords(key, 0, plain, true);
    const partSize = 1024 * 1024;
    const parts = await Promise.all(
      [2, 0, 1].map(async (part) => {
        const { start, end, firstRecord } = plainRange(
          size,
          part * partSize,
          Math.min(whole.byteLength, (part + 1) * partSize),
        );
        return [part, await sealRecords(key, firstRecord, plain.slice(start, end), end === size)] as const;
      }),
    );
    const joined = concat(parts.sort(([a], [b]) => a - b).map(([, bytes]) => bytes));
    expect(hex(joined)).toBe(hex(whole));
  });

  it('refuses a flipped byte anywhere, a reorder, a cut, an addition and another key', async () => {
    const key = await recordKey();
    const plain = patterned(3 * PLAIN_RECORD_BYTES + 100);
    const sealed = await sealRecords(key, 0, plain, true);
    for (const at of [0, 12, RECORD_BYTES - 1, RECORD_BYTES + 5, sealed.byteLength - 1]) {
      const flipped = sealed.slice();
      flipped[at] = (flipped[at] ?? 0) ^ 1;
      expect(await failure(open(key, flipped))).toBe('damaged');
    }
    const swapped = concat([
      sealed.subarray(RECORD_BYTES, 2 * RECORD_BYTES),
      sealed.subarray(0, RECORD_BYTES),
      sealed.subarray(2 * RECORD_BYTES),
    ]);
    expect(await failure(open(key, swapped))).toBe('damaged');
    expect(await failure(open(key, sealed.subarray(0, 3 * RECORD_BYTES)))).toBe('truncated');
    expect(await failure(open(key, sealed.subarray(0, sealed.byteLength - 1)))).toBe('damaged');
    expect(await failure(open(key, sealed.subarray(0, TAG_BYTES - 1)))).toBe('truncated');
    expect(await failure(open(key, new Uint8Array(0)))).toBe('truncated');
    const exact = await sealRecords(key, 0, patterned(2 * PLAIN_RECORD_BYTES), true);
    const extended = concat([exact, exact.subarray(0, RECORD_BYTES)]);
    expect(await failure(open(key, extended))).toBe('extended');
    expect(await failure(open(await recordKey(newSecret()), sealed))).toBe('damaged');
  });

  it.each([0, 5, PLAIN_RECORD_BYTES, 2 * PLAIN_RECORD_BYTES + 9])(
    'seals a stream of %i bytes to the same records as the whole file',
    async (size) => {
      const key = await recordKey();
      const plain = patterned(size);
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < size; at += 7_777) controller.enqueue(plain.slice(at, at + 7_777));
          controller.close();
        },
      });
      const parts: Uint8Array[] = [];
      for await (const part of source.pipeThrough(sealingStream(key, size))) parts.push(part);
      expect(hex(concat(parts))).toBe(hex(await sealRecords(key, 0, plain, true)));
    },
  );

  it('refuses a stream longer or shorter than announced', async () => {
    const key = await recordKey();
    const run = (bytes: number, announced: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(patterned(bytes));
          controller.close();
        },
      })
        .pipeThrough(sealingStream(key, announced))
        .pipeTo(new WritableStream());
    await expect(run(10, 9)).rejects.toThrow('more than 9');
    await expect(run(10, 11)).rejects.toThrow('not 11');
  });

  it('knows which stored sizes no file seals to', () => {
    expect(openedSize(TAG_BYTES - 1)).toBeNull();
    expect(openedSize(RECORD_BYTES + TAG_BYTES)).toBeNull();
    expect(openedSize(RECORD_BYTES + TAG_BYTES + 1)).toBe(PLAIN_RECORD_BYTES + 1);
    expect(openedSize(TAG_BYTES)).toBe(0);
  });
});
