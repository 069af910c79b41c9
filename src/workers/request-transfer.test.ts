// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Of } from './request-transfer';

describe('the receipt hash', () => {
  it('is the SHA-256 of the whole file, read slice by slice', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 256);
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(await sha256Of(new Blob([bytes]))).toBe(expected);
    // Slices that do not divide the size, and one byte at the end.
    expect(await sha256Of(new Blob([bytes]), 1024 * 1024)).toBe(expected);
    expect(await sha256Of(new Blob([bytes]), 3 * 1024 * 1024 + 16)).toBe(expected);
    expect(await sha256Of(new Blob([]))).toBe(createHash('sha256').digest('hex'));
  });
});
