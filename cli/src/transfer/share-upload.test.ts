import { describe, expect, it } from 'vitest';
import { planParts } from '@shared/part-plan';
import { defaultPartBytes } from './share-upload';

const MIB = 1024 * 1024;

describe('the default part size', () => {
  it('is a sixteenth of the file in whole MiB, from 16 to 64 MiB', () => {
    expect(defaultPartBytes(17 * MIB)).toBe(16 * MIB);
    expect(defaultPartBytes(256 * MIB)).toBe(16 * MIB);
    expect(defaultPartBytes(512 * MIB)).toBe(32 * MIB);
    expect(defaultPartBytes(512 * MIB + 1)).toBe(33 * MIB);
    expect(defaultPartBytes(1024 * MIB)).toBe(64 * MIB);
    expect(defaultPartBytes(100 * 1024 * MIB)).toBe(64 * MIB);
  });

  it('gives a 1 GiB file 16 parts, and the shared plan still caps the count of a huge one', () => {
    expect(planParts(1024 * MIB, defaultPartBytes(1024 * MIB))?.partCount).toBe(16);
    const huge = 1024 * 1024 * MIB;
    expect(planParts(huge, defaultPartBytes(huge))?.partCount).toBeLessThanOrEqual(10_000);
  });
});
