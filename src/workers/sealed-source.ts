// What an upload sends: the file itself, or for an end-to-end encrypted share its records
// (docs/encryption.md), sealed slice by slice as each part is taken, so memory holds only the parts
// in flight and a resumed upload seals just the parts storage lacks.
import { fromBase64Url, deriveKey } from '@shared/e2ee/keys';
import { plainRange, sealedSize, sealingStream, sealRecords, type RecordKey } from '@shared/e2ee/records';
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
      const plain = new Uint8Array(await file.slice(range.start, range.end).arrayBuffer());
      // As a Blob: Chromium sends a PUT of bytes from memory far slower than one of a Blob (bench/RESULTS.md).
      return new Blob([await sealRecords(recordKey, range.firstRecord, plain, range.end === file.size)]);
    },
  };
}
