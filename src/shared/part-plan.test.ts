import { describe, expect, it } from 'vitest';
import { MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES } from './api/upload.schema';
import { partRange, planParts } from './part-plan';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

describe('planParts', () => {
  it('uses the 5 MiB floor for ordinary files', () => {
    expect(planParts(16 * MIB)).toEqual({ size: 16 * MIB, partSize: MULTIPART_MIN_PART_BYTES, partCount: 4 });
    expect(planParts(1)).toEqual({ size: 1, partSize: 5 * MIB, partCount: 1 });
    expect(planParts(0)).toEqual({ size: 0, partSize: 5 * MIB, partCount: 1 });
  });

  it('keeps a preferred part size above the floor, and raises one below it', () => {
    expect(planParts(100 * MIB, 8 * MIB)).toMatchObject({ partSize: 8 * MIB, partCount: 13 });
    expect(planParts(100 * MIB, MIB)).toMatchObject({ partSize: 5 * MIB, partCount: 20 });
    expect(planParts(12 * MIB, 6 * MIB + 1)).toMatchObject({ partSize: 6 * MIB + 1, partCount: 2 });
  });

  it('grows the part size, in whole MiB, so no file needs more than 10,000 parts', () => {
    const exactlyAtCap = 5 * MIB * MULTIPART_MAX_PARTS;
    expect(planParts(exactlyAtCap)).toMatchObject({ partSize: 5 * MIB, partCount: MULTIPART_MAX_PARTS });
    expect(planParts(exactlyAtCap + 1)).toMatchObject({
      partSize: 6 * MIB,
      partCount: Math.ceil((exactlyAtCap + 1) / (6 * MIB)),
    });

    const huge = planParts(1024 * GIB);
    expect(huge?.partSize).toBe(105 * MIB);
    expect(huge?.partCount).toBeLessThanOrEqual(MULTIPART_MAX_PARTS);
  });

  it('keeps a 16 MiB preference until the 10,000-part cap needs more', () => {
    expect(planParts(GIB, 16 * MIB)).toMatchObject({ partSize: 16 * MIB, partCount: 64 });
    expect(planParts(16 * MIB * MULTIPART_MAX_PARTS, 16 * MIB)).toMatchObject({
      partSize: 16 * MIB,
      partCount: MULTIPART_MAX_PARTS,
    });
    expect(planParts(200 * GIB, 16 * MIB)).toMatchObject({
      partSize: 21 * MIB,
      partCount: Math.ceil((200 * GIB) / (21 * MIB)),
    });
  });

  it('plans the same again from the part size it chose, so refreshed links match the first ones', () => {
    for (const size of [1, 16 * MIB, 60 * GIB + 7, 1024 * GIB]) {
      const first = planParts(size, 16 * MIB);
      expect(first && planParts(size, first.partSize)).toEqual(first);
    }
  });

  it('refuses files that would need parts over 5 GiB', () => {
    expect(planParts(5 * GIB * MULTIPART_MAX_PARTS + 1)).toBeNull();
  });
});

describe('partRange', () => {
  it('slices whole parts and a short last part', () => {
    const plan = { size: 11 * MIB + 7, partSize: 5 * MIB };
    expect(partRange(plan, 1)).toEqual({ start: 0, end: 5 * MIB });
    expect(partRange(plan, 2)).toEqual({ start: 5 * MIB, end: 10 * MIB });
    expect(partRange(plan, 3)).toEqual({ start: 10 * MIB, end: plan.size });
  });
});
