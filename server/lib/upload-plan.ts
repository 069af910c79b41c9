// Upload links live 15 minutes whatever the config's signature_expires_in (refresh through
// /s3/multipart/urls), and every link is signed for the exact byte length the shared plan expects.
import { MULTIPART_MAX_PARTS } from '@shared/api/upload.schema';
import { partRange, planParts, type PartPlan } from '@shared/part-plan';
import { fieldError } from '@server/lib/field-error';

export const UPLOAD_LINK_TTL_SECONDS = 15 * 60;

/** The shared plan of a `size`-byte upload; a file too big for 10,000 parts of 5 GiB is refused. */
export function planUpload(size: number, preferredPartSize?: number): PartPlan {
  const plan = planParts(size, preferredPartSize);
  if (plan === null)
    throw fieldError('size', `is too large: it would need more than ${MULTIPART_MAX_PARTS} parts of 5 GiB`);
  return plan;
}

/** Bytes part `partNumber` must carry. */
export function partLength(plan: PartPlan, partNumber: number): number {
  if (partNumber > plan.partCount) throw fieldError('part_numbers', `this upload has ${plan.partCount} part(s)`);
  const { start, end } = partRange(plan, partNumber);
  return end - start;
}
