// Sorted entries of the local driver's folders, kept while a folder is unchanged, so paging a
// folder of 10,000 files reads it once instead of once per page. A folder's mtime and ctime move
// with every entry added, removed or renamed in it; since file times tick coarsely, a listing is
// only kept when the folder last changed more than a second before it was read.
import type { BigIntStats, Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { TtlCache } from '@server/lib/cache/ttl-cache';
import { isMissing, tempPrefix } from './local-files';

/** One entry of a folder; `key` is its name, with `/` appended for a folder (how keys sort). */
export type DirEntry = { key: string; folder: boolean };

type Cached = { mtimeNs: bigint; ctimeNs: bigint; entries: DirEntry[] };

const settledMs = 1000;

export class LocalDirCache {
  /** Kept until the folder changes; reads peek, so the folder listed longest ago goes first at the cap. */
  readonly #dirs: TtlCache<Cached>;

  constructor(
    maxDirs = 32,
    private readonly now: () => number = Date.now,
  ) {
    this.#dirs = new TtlCache({ now }, { maxEntries: maxDirs, defaultTtlMs: Number.POSITIVE_INFINITY });
  }

  /** The folder's entries sorted as keys, or null when it does not exist. */
  async entries(path: string): Promise<DirEntry[] | null> {
    let info: BigIntStats;
    try {
      info = await stat(path, { bigint: true });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const cached = this.#dirs.peek(path);
    if (cached !== undefined && cached.mtimeNs === info.mtimeNs && cached.ctimeNs === info.ctimeNs)
      return cached.entries;
    let names: Dirent[];
    try {
      names = await readdir(path, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const entries = names
      .filter((d) => !d.name.startsWith(tempPrefix) && (d.isFile() || d.isDirectory()))
      .map((d) => ({ key: d.isDirectory() ? `${d.name}/` : d.name, folder: d.isDirectory() }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.#dirs.delete(path);
    if (Number(info.mtimeMs) < this.now() - settledMs && Number(info.ctimeMs) < this.now() - settledMs)
      this.#dirs.set(path, { mtimeNs: info.mtimeNs, ctimeNs: info.ctimeNs, entries });
    return entries;
  }
}

/** The index of the first entry to visit after `after` (a key relative to the folder). */
export function firstAfter(entries: readonly DirEntry[], after: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((entries[mid]?.key ?? '') <= after) low = mid + 1;
    else high = mid;
  }
  const previous = entries[low - 1];
  // A folder whose key is a prefix of `after` still holds entries after it.
  return previous?.folder && after.startsWith(previous.key) && after !== previous.key ? low - 1 : low;
}
