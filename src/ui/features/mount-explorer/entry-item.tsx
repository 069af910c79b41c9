// One entry of the list, grid or gallery: a selection box, the link that opens it (a folder, or
// the file's preview), its size and time, and a button that opens its menu. A keyboard jump draws
// a screenful of these at once (issue 10: no long task over 50 ms), so each is cheap: the strings
// and formatters come once for the whole list, the link is a plain anchor whose clicks the list
// routes, an entry whose props did not change is not drawn again, and a long scroll's thousands of
// cards make few elements (the menu button's dots are drawn by CSS, the grid and gallery leave out
// the time they do not show, an image waits for its thumbnail in a plain tile).
import { memo } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import type { FsCalls } from './data/use-fs-calls';
import { useThumbnail } from './data/use-thumbnail';
import { EntryIcon } from './entry-icon';

/** What every entry writes, made once per list and language. */
export type EntryText = {
  mount: string;
  folder: string;
  size: (bytes: number) => string;
  modified: (iso: string | null) => string;
  select: (name: string) => string;
  more: (name: string) => string;
  /** Who holds the WebDAV lock on an entry, and until when. */
  locked: (lock: NonNullable<FsEntry['lock']>) => string;
  /** The address an entry opens (a folder, or the file's preview), for the anchor's href. */
  href: (entry: FsEntry) => string;
};

type EntryItemProps = {
  entry: FsEntry;
  index: number;
  gallery: boolean;
  /** Image cards show their thumbnails (the grid and the gallery). */
  pictures: boolean;
  calls: FsCalls;
  text: EntryText;
  tabbable: boolean;
  selectable: boolean;
  selected: boolean;
  onToggleSelect: (entry: FsEntry) => void;
  onMenuButton: (entry: FsEntry, element: HTMLElement) => void;
};

function LockIcon({ label }: { label: string }) {
  return (
    <svg className="entry__lock" width="14" height="14" viewBox="0 0 24 24" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export const EntryItem = memo(function EntryItem({
  entry,
  index,
  gallery,
  pictures,
  calls,
  text,
  tabbable,
  selectable,
  selected,
  onToggleSelect,
  onMenuButton,
}: EntryItemProps) {
  const thumbnail = useThumbnail(calls, entry, pictures);
  const kind = entry.isMount ? text.mount : entry.isDirectory ? text.folder : text.size(entry.size ?? 0);

  return (
    <div
      role="listitem"
      className="entry"
      data-index={index}
      data-selected={selected || undefined}
      draggable={selectable && !entry.isMount && !entry.isVirtual}
    >
      {selectable && (
        <input
          type="checkbox"
          className="entry__check"
          tabIndex={tabbable ? 0 : -1}
          checked={selected}
          aria-label={text.select(entry.name)}
          onChange={() => onToggleSelect(entry)}
        />
      )}
      {/* Opened in the app by the view's click handler (use-entry-pointer.ts); the href serves new tabs and copied links. */}
      <a
        href={text.href(entry)}
        className="entry__link"
        data-entry-link=""
        tabIndex={tabbable ? 0 : -1}
        draggable={false}
      >
        {/* Empty (a plain tile) while the thumbnail is asked for; the kind's icon when none comes. */}
        <span className="entry__visual">
          {thumbnail ? (
            <img className="entry__thumb" src={thumbnail} alt="" loading="lazy" decoding="async" />
          ) : (
            thumbnail === null && <EntryIcon entry={entry} size={gallery ? 48 : pictures ? 36 : 22} />
          )}
        </span>
        <span className="entry__name" title={entry.name}>
          {entry.name}
        </span>
        {entry.lock !== undefined && <LockIcon label={text.locked(entry.lock)} />}
      </a>
      <span className="entry__size">{kind}</span>
      {!pictures && <span className="entry__modified">{text.modified(entry.modified)}</span>}
      <button
        type="button"
        className="entry__more"
        tabIndex={tabbable ? 0 : -1}
        aria-haspopup="menu"
        aria-label={text.more(entry.name)}
        onClick={(e) => onMenuButton(entry, e.currentTarget)}
      />
    </div>
  );
});
