// Inline feedback for a custom link suffix, using the shared rules the server applies.
import { isReservedSlug, SLUG_PATTERN } from '@shared/slug';
import { SLUG_MAX_LENGTH } from '@shared/limits';

export type SlugProblem = 'length' | 'characters' | 'reserved';

/** What is wrong with a custom slug, or null when it is acceptable; empty means "generate one". */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug === '') return null;
  if (slug.length > SLUG_MAX_LENGTH) return 'length';
  if (!SLUG_PATTERN.test(slug)) return 'characters';
  if (isReservedSlug(slug)) return 'reserved';
  return null;
}
