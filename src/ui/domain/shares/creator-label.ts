import type { TFunction } from 'i18next';

/** `admin:<id>`, `apikey:<id>` (or a bare key id), `guest` or null, as a reader-friendly name. */
export function creatorLabel(t: TFunction, createdBy: string | null): string {
  if (createdBy === null) return t('creator.unknown');
  if (createdBy === 'guest') return t('creator.guest');
  if (createdBy.startsWith('admin:')) return t('creator.admin');
  return t('creator.key', { id: createdBy.replace(/^apikey:/, '').slice(0, 8) });
}
