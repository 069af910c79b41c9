// Upload links live 15 minutes whatever the config's signature_expires_in (refresh through
// /s3/multipart/urls), and every link is signed for the exact byte length the plan expects.
import { MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES } from '@shared/api/upload.schema';
import { fieldError } from '../../lib/field-error';

export const UPLOAD_LINK_TTL_SECONDS = 15 * 60;

export type PartPlan = { size: number; partSize: number; partCount: number };

/** The parts of a `size`-byte upload; the default part size keeps the count under the cap. */
export function planParts(size: number, requestedPartSize?: number): PartPlan {
  const partSize = requestedPartSize ?? Math.max(MULTIPART_MIN_PART_BYTES, Math.ceil(size / MULTIPART_MAX_PARTS));
  const partCount = Math.max(1, Math.ceil(size / partSize));
  if (partCount > MULTIPART_MAX_PARTS) throw fieldError('part_size', `is too small: the file would need more than ${MULTIPART_MAX_PARTS} parts`);
  return { size, partSize, partCount };
}

/** Bytes part `partNumber` must carry: a full part, or what is left for the last one. */
export function partLength(plan: PartPlan, partNumber: number): number {
  if (partNumber > plan.partCount) throw fieldError('part_numbers', `this upload has ${plan.partCount} part(s)`);
  return partNumber < plan.partCount ? plan.partSize : plan.size - (plan.partCount - 1) * plan.partSize;
}
