import { describe, expect, it } from 'vitest';
import { bufferReleaser } from './buffer-release';

describe('bufferReleaser', () => {
  it('detaches what it releases, again and again, and leaves empty buffers alone', () => {
    const releaser = bufferReleaser();
    for (let i = 0; i < 100; i += 1) {
      const bytes = new Uint8Array(65_536).fill(i);
      releaser.release(bytes.buffer);
      expect(bytes.byteLength).toBe(0);
    }
    expect(() => releaser.release(new ArrayBuffer(0))).not.toThrow();
    releaser.close();
  });

  it('still detaches after it was closed', () => {
    const releaser = bufferReleaser();
    releaser.close();
    const bytes = new Uint8Array(16);
    releaser.release(bytes.buffer);
    expect(bytes.byteLength).toBe(0);
  });
});
