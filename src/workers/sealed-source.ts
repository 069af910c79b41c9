// What an upload sends: the file itself, or for an end-to-end encrypted share its records
// (docs/encryption.md), sealed slice by slice as each part is taken, so memory holds only the parts
// in flight and a resumed upload seals just the parts storage lacks.
import { bufferReleaser } from '@shared/buffer-release';
import { fromBase64Url, deriveKey } from '@shared/e2ee/keys';
import {
  PLAIN_RECORD_BYTES,
  plainRange,
  sealedSize,
  sealingStream,
  sealRecords,
  type RecordKey,
} from '@shared/e2ee/records';

/** Records read and sealed at a time (about 1 MiB) while a part is made. */
const SEALING_STEP_RECORDS = 16;
import type { E2eeFileHeader } from '@shared/e2ee/share';

/** A Blob, or anything that cuts byte ranges of a body the same way (possibly asynchronously). */
export type PartSource = {
  readonly size: number;
  slice(start: number, end: number): Blob | Promise<Blob>;
};

export type SealWith = { secret: string; header: E2eeFileHeader };

async function recordKeyOf(seal: SealWith): Promise<RecordKey> {
  const secret = fromBase64Url(seal.secret);
  const prefix = fromBase64Url(seal.header.prefix);
  if (secret === null || prefix === null) throw new Error('malformed end-to-end encryption key');
  return { key: await deriveKey(secret, 'content'), prefix };
}

/** The records of a download of `plainSize` bytes, sealed as it arrives (a URL upload). */
export async function sealingFor(seal: SealWith, plainSize: number): Promise<TransformStream<Uint8Array, Uint8Array>> {
  return sealingStream(await recordKeyOf(seal), plainSize);
}

export async function sealedSource(file: Blob, seal: SealWith): Promise<PartSource> {
  const recordKey = await recordKeyOf(seal);
  return {
    size: sealedSize(file.size),
    async slice(start, end) {
      const range = plainRange(file.size, start, end);
      const endsFile = range.end === file.size;
      // Read and sealed a step of records at a time, so a part in flight is held once (its sealed
      // pieces), not three times (its plaintext, its records, the Blob of them).
      // Each buffer is freed as soon as its bytes are copied on (the plaintext once sealed, the
      // sealed pieces once in the Blob) rather than left to the garbage collector (buffer-release.ts).
      const releaser = bufferReleaser();
      const pieces: Uint8Array<ArrayBuffer>[] = [];
      let at = range.start;
      let record = range.firstRecord;
      try {
        do {
          const stepEnd = Math.min(range.end, at + SEALING_STEP_RECORDS * PLAIN_RECORD_BYTES);
          const plain = new Uint8Array(await file.slice(at, stepEnd).arrayBuffer());
          pieces.push(await sealRecords(recordKey, record, plain, endsFile && stepEnd === range.end));
          releaser.release(plain.buffer);
          record += SEALING_STEP_RECORDS;
          at = stepEnd;
        } while (at < range.end);
        // As a Blob: Chromium sends a PUT of bytes from memory far slower than one of a Blob (bench/RESULTS.md).
        const blob = new Blob(pieces);
        for (const piece of pieces) releaser.release(piece.buffer);
        return blob;
      } finally {
        releaser.close();
      }
    },
  };
}
