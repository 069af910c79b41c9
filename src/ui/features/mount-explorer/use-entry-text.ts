// What every entry of a view writes (entry-item.tsx), made once per view and language: a keyboard
// jump draws a screenful of entries at once, and each stays cheap (its labels are filled in, not
// translated again: a long scroll draws thousands).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import { FILL, fillIn } from '@ui/lib/fill-in';
import type { EntryText } from './entry-item';
import { folderTarget, useExplorerNavigation } from './use-explorer-navigation';

export function useEntryText(folder: string): EntryText {
  const { t, i18n } = useTranslation();
  const nav = useExplorerNavigation();
  return useMemo(() => {
    const language = i18n.language;
    return {
      mount: t('explorer.kind.mount'),
      folder: t('explorer.kind.folder'),
      size: (bytes) => formatBytes(bytes),
      modified: (iso) => formatDateTime(iso, language),
      select: fillIn(t('explorer.actions.select', { name: FILL })),
      more: fillIn(t('explorer.actions.more', { name: FILL })),
      locked: ({ owner, expiresAt }) => t('explorer.lockedBy', { owner, until: formatDateTime(expiresAt, language) }),
      href: (entry) => nav.href(entry.isDirectory ? folderTarget(entry.path) : folderTarget(folder, entry.name)),
    };
  }, [t, i18n.language, nav, folder]);
}
