// The explorer's view (list, grid, gallery) and sort, remembered in this browser (issue 10), and
// the sort itself: folders first, then by the chosen field, names compared as people read them.
import { useCallback, useState } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';

export const explorerViews = ['list', 'grid', 'gallery'] as const;
export type ExplorerView = (typeof explorerViews)[number];
export const explorerSorts = [
  'name-asc',
  'name-desc',
  'size-desc',
  'size-asc',
  'modified-desc',
  'modified-asc',
] as const;
export type ExplorerSort = (typeof explorerSorts)[number];

const VIEW_KEY = 'explorer.view';
const SORT_KEY = 'explorer.sort';

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return allowed.find((item) => item === value) ?? fallback;
  } catch {
    return fallback;
  }
}

function usePref<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, allowed, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Private mode without storage: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [value, set];
}

export function useExplorerPrefs() {
  const [view, setView] = usePref(VIEW_KEY, explorerViews, 'list');
  const [sort, setSort] = usePref(SORT_KEY, explorerSorts, 'name-asc');
  return { view, setView, sort, setSort };
}

export type ExplorerPrefs = ReturnType<typeof useExplorerPrefs>;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareBy(sort: ExplorerSort, a: FsEntry, b: FsEntry): number {
  const byName = collator.compare(a.name, b.name);
  switch (sort) {
    case 'name-asc':
      return byName;
    case 'name-desc':
      return -byName;
    case 'size-desc':
    case 'size-asc': {
      const diff = (a.size ?? 0) - (b.size ?? 0);
      return (sort === 'size-asc' ? diff : -diff) || byName;
    }
    case 'modified-desc':
    case 'modified-asc': {
      const diff = Date.parse(a.modified ?? '') - Date.parse(b.modified ?? '');
      const known = Number.isNaN(diff) ? 0 : diff;
      return (sort === 'modified-asc' ? known : -known) || byName;
    }
  }
}

/** Folders (mounts among them) first, each group in the chosen order. */
export function sortEntries(items: readonly FsEntry[], sort: ExplorerSort): FsEntry[] {
  return [...items].sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || compareBy(sort, a, b));
}

/** Only the name order matches the server's paging: every other sort needs the whole folder. */
export function sortNeedsWholeFolder(sort: ExplorerSort): boolean {
  return sort !== 'name-asc';
}
