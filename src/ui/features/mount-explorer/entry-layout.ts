// What tells the explorer's views apart (list-view.tsx, grid-view.tsx, gallery-view.tsx): the
// height of a row, how wide a card must be, and how an entry is drawn. The rest, the virtualised
// rows, the keyboard and the touch menu, is the same for all three (virtual-entries.tsx).
import type { FsEntry } from '@shared/api/fs.schema';
import type { Point } from '@ui/lib/long-press';
import type { FsCalls } from './data/use-fs-calls';
import type { ExplorerView } from './explorer-prefs';

export type EntryLayout = {
  /** Names the view's styles (`entries--list`, …). */
  view: ExplorerView;
  rowHeight: number;
  /** The least width of a card, several to a row; null for one entry per row. */
  cardMinWidth: number | null;
  /** Rows drawn beyond those in view. */
  overscan: number;
  /** Entries show their thumbnails. */
  pictures: boolean;
  /** Large icons, for the gallery's cards. */
  gallery: boolean;
};

/** The space between cards, and between rows of cards. */
export const CARD_GAP = 12;

/** What every view takes from the explorer. */
export type EntriesViewProps = {
  entries: FsEntry[];
  folder: string;
  calls: FsCalls;
  label: string;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect: (entry: FsEntry) => void;
  onMenu: (entry: FsEntry, at: Point) => void;
  onKeyAction: (action: 'delete' | 'rename', entry: FsEntry) => void;
  /** The view is within a few rows of the last loaded entry. */
  onNearEnd: () => void;
};

/** The entry an event happened in (its element carries `data-index`), if any. */
export function entryAt(
  entries: readonly FsEntry[],
  target: EventTarget,
): { entry: FsEntry; index: number; element: HTMLElement } | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-index]') : null;
  const index = Number(element?.dataset.index ?? Number.NaN);
  const entry = entries[index];
  return element && entry ? { entry, index, element } : null;
}
