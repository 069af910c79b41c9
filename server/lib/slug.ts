// Random share slugs: bytes at or above 248 (the largest multiple of 62 below 256) are thrown
// away and drawn again, so every one of the 62 characters is equally likely.
import { randomBytes } from 'node:crypto';
import { isReservedSlug } from '@shared/slug';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const unbiasedLimit = 256 - (256 % alphabet.length);

export const GENERATED_SLUG_LENGTH = 8;

export function generateSlug(length = GENERATED_SLUG_LENGTH): string {
  let slug = '';
  while (slug.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= unbiasedLimit) continue;
      slug += alphabet.charAt(byte % alphabet.length);
      if (slug.length === length) break;
    }
  }
  return isReservedSlug(slug) ? generateSlug(length) : slug;
}
