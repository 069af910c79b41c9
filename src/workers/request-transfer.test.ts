// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Of } from './request-transfer';

describe('the receipt hash', () => {
  it('is the SHA-256 of the whole file, read as a stream', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 256);
    expect(await sha256Of(new Blob([bytes]))).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await sha256Of(new Blob([]))).toBe(createHash('sha256').digest('hex'));
  });
});
