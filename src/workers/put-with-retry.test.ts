import { describe, expect, it } from 'vitest';
import { MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES } from '@shared/api/upload.schema';
import { partRange, planParts } from './multipart';
import { backoffDelay } from './put-with-retry';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

describe('planParts', () => {
  it('uses the 5 MiB floor for ordinary files', () => {
    expect(planParts(16 * MIB)).toEqual({ partSize: MULTIPART_MIN_PART_BYTES, partCount: 4 });
    expect(planParts(1)).toEqual({ partSize: 5 * MIB, partCount: 1 });
  });

  it('keeps a preferred part size above the floor, and raises one below it', () => {
    expect(planParts(100 * MIB, 8 * MIB)).toEqual({ partSize: 8 * MIB, partCount: 13 });
    expect(planParts(100 * MIB, MIB)).toEqual({ partSize: 5 * MIB, partCount: 20 });
  });

  it('grows the part size, in whole MiB, so no file needs more than 10,000 parts', () => {
    const exactlyAtCap = 5 * MIB * MULTIPART_MAX_PARTS;
    expect(planParts(exactlyAtCap)).toEqual({ partSize: 5 * MIB, partCount: MULTIPART_MAX_PARTS });

    const plan = planParts(exactlyAtCap + 1);
    expect(plan).toEqual({ partSize: 6 * MIB, partCount: Math.ceil((exactlyAtCap + 1) / (6 * MIB)) });

    const huge = planParts(1024 * GIB);
    expect(huge?.partSize).toBe(105 * MIB);
    expect(huge?.partCount).toBeLessThanOrEqual(MULTIPART_MAX_PARTS);
    expect((huge?.partSize ?? 0) % MIB).toBe(0);
  });

  it('keeps a 16 MiB preference until the 10,000-part cap needs more', () => {
    expect(planParts(GIB, 16 * MIB)).toEqual({ partSize: 16 * MIB, partCount: 64 });
    expect(planParts(16 * MIB * MULTIPART_MAX_PARTS, 16 * MIB)).toEqual({ partSize: 16 * MIB, partCount: MULTIPART_MAX_PARTS });
    expect(planParts(200 * GIB, 16 * MIB)).toEqual({ partSize: 21 * MIB, partCount: Math.ceil((200 * GIB) / (21 * MIB)) });
  });

  it('refuses files that would need parts over 5 GiB', () => {
    expect(planParts(5 * GIB * MULTIPART_MAX_PARTS + 1)).toBeNull();
  });
});

describe('partRange', () => {
  it('slices whole parts and a short last part', () => {
    const size = 11 * MIB + 7;
    expect(partRange(size, 5 * MIB, 1)).toEqual({ start: 0, end: 5 * MIB });
    expect(partRange(size, 5 * MIB, 2)).toEqual({ start: 5 * MIB, end: 10 * MIB });
    expect(partRange(size, 5 * MIB, 3)).toEqual({ start: 10 * MIB, end: size });
  });
});

describe('backoffDelay', () => {
  const policy = { retries: 3, baseDelayMs: 500, maxDelayMs: 3_000 };

  it('doubles per attempt, with jitter between half and the full delay, up to the cap', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(policy, attempt, () => 1))).toEqual([500, 1000, 2000, 3000]);
    expect([0, 1, 2].map((attempt) => backoffDelay(policy, attempt, () => 0))).toEqual([250, 500, 1000]);
  });
});
