import type { TFunction } from 'i18next';

/** `admin:<id>`, `apikey:<id>` (or a bare key id), `guest` or null, as a reader-friendly name. */
export function creatorLabel(t: TFunction, createdBy: string | null): string {
  if (createdBy === null) return t('pastes.manage.creatorUnknown');
  if (createdBy === 'guest') return t('pastes.manage.creatorGuest');
  if (createdBy.startsWith('admin:')) return t('pastes.manage.creatorAdmin');
  return t('pastes.manage.creatorKey', { id: createdBy.replace(/^apikey:/, '').slice(0, 8) });
}
