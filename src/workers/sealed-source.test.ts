import { describe, expect, it } from 'vitest';
import { deriveKey, fromBase64Url, newSecret, toBase64Url } from '@shared/e2ee/keys';
import { RECORD_BYTES, sealedSize, sealRecords } from '@shared/e2ee/records';
import { sealFile } from '@shared/e2ee/share';
import { sealedSource } from './sealed-source';

const MIB = 1024 * 1024;

async function bytesOf(blob: Blob | Promise<Blob>): Promise<Uint8Array> {
  return new Uint8Array(await (await blob).arrayBuffer());
}

describe('sealedSource', () => {
  it('seals each part as the whole file seals, and leaves the file whole after its buffers are freed', async () => {
    const plain = Uint8Array.from({ length: 3 * MIB + 12_345 }, (_, i) => (i * 7) % 253);
    const file = new Blob([plain]);
    const secret = newSecret();
    const { header } = await sealFile(secret, { name: 'a.bin', type: 'application/octet-stream', size: file.size });
    const source = await sealedSource(file, { secret: toBase64Url(secret), header });
    const prefix = fromBase64Url(header.prefix) ?? new Uint8Array(8);
    const whole = await sealRecords({ key: await deriveKey(secret, 'content'), prefix }, 0, plain, true);
    expect(source.size).toBe(sealedSize(plain.byteLength));
    for (const round of [1, 2]) {
      const parts: Uint8Array[] = [];
      for (let from = 0; from < source.size; from += MIB)
        parts.push(await bytesOf(source.slice(from, Math.min(source.size, from + MIB))));
      const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
      let at = 0;
      for (const part of parts) {
        joined.set(part, at);
        at += part.byteLength;
      }
      expect(joined, `round ${round}`).toEqual(whole);
    }
    expect(await bytesOf(source.slice(2 * MIB, 2 * MIB + 16 * RECORD_BYTES))).toEqual(
      whole.subarray(2 * MIB, 2 * MIB + 16 * RECORD_BYTES),
    );
    expect(await bytesOf(file)).toEqual(plain);
  });
});
