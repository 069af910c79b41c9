// One entry of the list, grid or gallery: a selection box, the link that opens it (a folder, or
// the file's preview), its size and time, and a button that opens its menu.
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import type { FsCalls } from './data/use-fs-calls';
import { useThumbnail } from './data/use-thumbnail';
import { EntryIcon } from './entry-icon';
import { folderTarget } from './use-explorer-navigation';

type EntryItemProps = {
  entry: FsEntry;
  index: number;
  folder: string;
  gallery: boolean;
  calls: FsCalls;
  tabbable: boolean;
  selectable: boolean;
  selected: boolean;
  onToggleSelect: (entry: FsEntry) => void;
  onMenuButton: (entry: FsEntry, element: HTMLElement) => void;
};

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.8" fill="currentColor" />
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <circle cx="19" cy="12" r="1.8" fill="currentColor" />
    </svg>
  );
}

export const EntryItem = memo(function EntryItem({ entry, index, folder, gallery, calls, tabbable, selectable, selected, onToggleSelect, onMenuButton }: EntryItemProps) {
  const { t, i18n } = useTranslation();
  const thumbnail = useThumbnail(calls, entry, gallery);
  const target = entry.isDirectory ? folderTarget(entry.path) : folderTarget(folder, entry.name);
  const kind = entry.isMount ? t('explorer.kind.mount') : entry.isDirectory ? t('explorer.kind.folder') : formatBytes(entry.size ?? 0, i18n.language);
  const modified = formatDateTime(entry.modified, i18n.language);

  return (
    <div role="listitem" className="entry" data-index={index} data-selected={selected || undefined}>
      {selectable && (
        <input
          type="checkbox"
          className="entry__check"
          tabIndex={tabbable ? 0 : -1}
          checked={selected}
          aria-label={t('explorer.actions.select', { name: entry.name })}
          onChange={() => onToggleSelect(entry)}
        />
      )}
      <Link {...target} className="entry__link" data-entry-link="" tabIndex={tabbable ? 0 : -1} draggable={false}>
        <span className="entry__visual">{thumbnail ? <img className="entry__thumb" src={thumbnail} alt="" loading="lazy" decoding="async" /> : <EntryIcon entry={entry} size={gallery ? 48 : 22} />}</span>
        <span className="entry__name" title={entry.name}>
          {entry.name}
        </span>
      </Link>
      <span className="entry__size">{kind}</span>
      <span className="entry__modified">{modified}</span>
      <button type="button" className="entry__more" tabIndex={tabbable ? 0 : -1} aria-haspopup="menu" aria-label={t('explorer.actions.more', { name: entry.name })} onClick={(e) => onMenuButton(entry, e.currentTarget)}>
        <MoreIcon />
      </button>
    </div>
  );
});
