// The one part plan of a multipart upload. The transfer worker asks for a part size from it, the
// server plans again from what it was asked (and from the part size it stored) and signs every
// part link for that part's exact length, so both sides always cut the file the same way.
import { MULTIPART_MAX_PARTS, MULTIPART_MAX_PART_BYTES, MULTIPART_MIN_PART_BYTES } from './api/upload.schema';

const MIB = 1024 * 1024;

export type PartPlan = { size: number; partSize: number; partCount: number };

/**
 * At least 5 MiB (or `preferredPartSize`), and big enough, rounded up to a whole MiB, that the
 * file never needs more than 10,000 parts. Null when even 5 GiB parts would not do.
 */
export function planParts(size: number, preferredPartSize: number = MULTIPART_MIN_PART_BYTES): PartPlan | null {
  const forPartCap = Math.ceil(size / MULTIPART_MAX_PARTS / MIB) * MIB;
  const partSize = Math.max(MULTIPART_MIN_PART_BYTES, preferredPartSize, forPartCap);
  if (partSize > MULTIPART_MAX_PART_BYTES) return null;
  return { size, partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** Byte range [start, end) of a 1-based part: a full part, or what is left for the last one. */
export function partRange(
  plan: Pick<PartPlan, 'size' | 'partSize'>,
  partNumber: number,
): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(plan.size, start + plan.partSize) };
}
