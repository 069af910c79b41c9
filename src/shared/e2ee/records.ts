// The record format of end-to-end encrypted files (docs/encryption.md). The plaintext is cut into
// records of PLAIN_RECORD_BYTES; each is sealed on its own with AES-256-GCM under the file's content
// key, its nonce the file's random 8-byte prefix followed by the record's index (32 bits, big-endian),
// and its additional data the format's label and a flag saying whether it is the last record. So a
// record moved, dropped from the end, or added after the last one fails to open. A sealed record is
// RECORD_BYTES long (the last may be shorter), and since part sizes are whole MiB, parts of a
// multipart upload hold whole records: each part is sealed from its own plaintext slice, in any order.

import { bufferReleaser } from '@shared/buffer-release';

export const RECORD_BYTES = 64 * 1024;
export const TAG_BYTES = 16;
export const PLAIN_RECORD_BYTES = RECORD_BYTES - TAG_BYTES;
export const NONCE_PREFIX_BYTES = 8;
/** Records are numbered with 32 bits: at most 2^32 records of 65,520 bytes. */
export const MAX_RECORDS = 2 ** 32;

const label = new TextEncoder().encode('clipdock-e2ee-v1');

export type RecordFailure = 'damaged' | 'truncated' | 'extended';

/** A record that does not open: the bytes were changed, cut short or added to (or the key is not the file's). */
export class RecordError extends Error {
  constructor(readonly reason: RecordFailure) {
    super(`encrypted content ${reason}`);
    this.name = 'RecordError';
  }
}

/** Records of a file of `plainSize` bytes: at least one, so an empty file is one final record of its tag alone. */
export function recordCount(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / PLAIN_RECORD_BYTES));
}

/** The stored size of a file of `plainSize` bytes. */
export function sealedSize(plainSize: number): number {
  return plainSize + recordCount(plainSize) * TAG_BYTES;
}

/** The plaintext size of a stored object of `size` bytes, or null when no file seals to that size. */
export function openedSize(size: number): number | null {
  if (size < TAG_BYTES) return null;
  const records = Math.ceil(size / RECORD_BYTES);
  const last = size - (records - 1) * RECORD_BYTES;
  if (last < TAG_BYTES || (last === TAG_BYTES && records > 1)) return null;
  return size - records * TAG_BYTES;
}

/** The plaintext bytes [start, end) that seal into the stored bytes [sealedStart, sealedEnd), both on record boundaries. */
export function plainRange(
  plainSize: number,
  sealedStart: number,
  sealedEnd: number,
): { start: number; end: number; firstRecord: number } {
  if (sealedStart % RECORD_BYTES !== 0) throw new RangeError('a sealed range must start on a record boundary');
  const firstRecord = sealedStart / RECORD_BYTES;
  const lastRecord = Math.ceil(sealedEnd / RECORD_BYTES);
  return {
    start: Math.min(plainSize, firstRecord * PLAIN_RECORD_BYTES),
    end: Math.min(plainSize, lastRecord * PLAIN_RECORD_BYTES),
    firstRecord,
  };
}

function nonce(prefix: Uint8Array, index: number): Uint8Array<ArrayBuffer> {
  if (prefix.byteLength !== NONCE_PREFIX_BYTES) throw new RangeError('the nonce prefix is 8 bytes');
  if (!Number.isInteger(index) || index < 0 || index >= MAX_RECORDS) throw new RangeError('record index out of range');
  const bytes = new Uint8Array(12);
  bytes.set(prefix);
  new DataView(bytes.buffer).setUint32(NONCE_PREFIX_BYTES, index);
  return bytes;
}

function additionalData(final: boolean): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(label.byteLength + 1);
  bytes.set(label);
  bytes[label.byteLength] = final ? 1 : 0;
  return bytes;
}

export type RecordKey = { key: CryptoKey; prefix: Uint8Array };

/** Records sealed at once by `sealRecords`. */
const SEALING_LANES = 8;
/** Records opened at once by `openingStream`, beyond those it has handed out. */
const OPENING_LANES = 8;

export async function sealRecord(
  { key, prefix }: RecordKey,
  index: number,
  final: boolean,
  plain: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (plain.byteLength > PLAIN_RECORD_BYTES || (!final && plain.byteLength !== PLAIN_RECORD_BYTES))
    throw new RangeError('only the last record may be short');
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce(prefix, index), additionalData: additionalData(final), tagLength: TAG_BYTES * 8 },
    key,
    plain,
  );
  return new Uint8Array(sealed);
}

/** Opens one record; a record that does not open as what it claims to be is 'damaged'. */
export async function openRecord(
  { key, prefix }: RecordKey,
  index: number,
  final: boolean,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: nonce(prefix, index), additionalData: additionalData(final), tagLength: TAG_BYTES * 8 },
      key,
      sealed,
    );
    return new Uint8Array(plain);
  } catch {
    throw new RecordError('damaged');
  }
}

/**
 * Seals a plaintext slice that starts at record `firstRecord`: whole records, the last one flagged
 * final when `endsFile`. This is how one part of an upload is sealed.
 */
export async function sealRecords(
  recordKey: RecordKey,
  firstRecord: number,
  plain: Uint8Array<ArrayBuffer>,
  endsFile: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  const count = endsFile ? recordCount(plain.byteLength) : plain.byteLength / PLAIN_RECORD_BYTES;
  if (!Number.isInteger(count)) throw new RangeError('a slice that does not end the file holds whole records');
  const out = new Uint8Array(plain.byteLength + count * TAG_BYTES);
  // Each sealed record is a buffer Web Crypto made, which only a full garbage collection would
  // free: it is freed as soon as it is copied out (buffer-release.ts).
  const releaser = bufferReleaser();
  // A few records in flight at once: each Web Crypto call is a trip to another thread, and waiting
  // for one before starting the next leaves both threads idle half the time.
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const start = i * PLAIN_RECORD_BYTES;
      const record = plain.subarray(start, Math.min(plain.byteLength, start + PLAIN_RECORD_BYTES));
      const sealed = await sealRecord(recordKey, firstRecord + i, endsFile && i === count - 1, record);
      out.set(sealed, i * RECORD_BYTES);
      releaser.release(sealed.buffer);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEALING_LANES, count) }, lane)).finally(() => releaser.close());
  return out;
}

/**
 * Opens a stored object as a stream, with memory for a few records: records must open in order,
 * the last flagged final and nothing after it. Errors with a RecordError otherwise. Bytes are
 * gathered straight into record buffers (no joined copies), and up to OPENING_LANES records are
 * opened at once, handed out in order.
 */
export function openingStream(recordKey: RecordKey): TransformStream<Uint8Array, Uint8Array> {
  let held = new Uint8Array(RECORD_BYTES);
  let filled = 0;
  let index = 0;
  const opening: Promise<Uint8Array<ArrayBuffer>>[] = [];
  /** A full record followed by more bytes is not the last one; if it only opens as the last, bytes were added. */
  const openNotFinal = (record: Uint8Array<ArrayBuffer>, at: number) =>
    openRecord(recordKey, at, false, record).catch(async (error: unknown) => {
      const final = await openRecord(recordKey, at, true, record).then(
        () => true,
        () => false,
      );
      throw final ? new RecordError('extended') : error;
    });
  const start = (record: Uint8Array<ArrayBuffer>) => {
    const opened = openNotFinal(record, index);
    // Awaited in order below; this keeps a failure from counting as unhandled meanwhile.
    opened.catch(() => undefined);
    opening.push(opened);
    index += 1;
  };
  const handOut = async (controller: TransformStreamDefaultController<Uint8Array>, keep: number) => {
    while (opening.length > keep) {
      const next = opening.shift();
      if (next !== undefined) controller.enqueue(await next);
    }
  };
  return new TransformStream({
    async transform(chunk, controller) {
      for (let at = 0; at < chunk.byteLength; ) {
        if (filled === RECORD_BYTES) {
          start(held);
          held = new Uint8Array(RECORD_BYTES);
          filled = 0;
        }
        const take = Math.min(RECORD_BYTES - filled, chunk.byteLength - at);
        held.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
      }
      await handOut(controller, OPENING_LANES);
    },
    async flush(controller) {
      await handOut(controller, 0);
      if (filled < TAG_BYTES) throw new RecordError('truncated');
      const last = held.subarray(0, filled);
      try {
        controller.enqueue(await openRecord(recordKey, index, true, last));
      } catch (error) {
        // A whole record that opens as not-final means the records after it are missing.
        const notFinal =
          last.byteLength === RECORD_BYTES &&
          (await openRecord(recordKey, index, false, last).then(
            () => true,
            () => false,
          ));
        throw notFinal ? new RecordError('truncated') : error;
      }
    },
  });
}

/**
 * Seals a plaintext stream of exactly `plainSize` bytes into records as it arrives, with memory
 * for one record: how a download from a URL is encrypted on its way into storage.
 */
export function sealingStream(recordKey: RecordKey, plainSize: number): TransformStream<Uint8Array, Uint8Array> {
  let pending = new Uint8Array(PLAIN_RECORD_BYTES);
  let filled = 0;
  let index = 0;
  let consumed = 0;
  const emit = async (controller: TransformStreamDefaultController<Uint8Array>) => {
    const final = consumed === plainSize;
    controller.enqueue(await sealRecord(recordKey, index, final, pending.slice(0, filled)));
    index += 1;
    filled = 0;
    pending = new Uint8Array(PLAIN_RECORD_BYTES);
  };
  return new TransformStream({
    async transform(chunk, controller) {
      if (consumed + chunk.byteLength > plainSize) throw new RangeError(`the source sent more than ${plainSize} bytes`);
      for (let at = 0; at < chunk.byteLength; ) {
        const take = Math.min(PLAIN_RECORD_BYTES - filled, chunk.byteLength - at);
        pending.set(chunk.subarray(at, at + take), filled);
        filled += take;
        consumed += take;
        at += take;
        if (filled === PLAIN_RECORD_BYTES) await emit(controller);
      }
    },
    async flush(controller) {
      if (consumed !== plainSize) throw new RangeError(`the source sent ${consumed} bytes, not ${plainSize}`);
      // The last record is short, or the file is empty; a file of whole records has sealed its last already.
      if (filled > 0 || index === 0) await emit(controller);
    },
  });
}
