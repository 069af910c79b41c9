// What the basket panel says about the basket as a whole: how many entries, the bytes known
// (files, and folders once counted in the background), and whether to warn before downloading
// it (spec §9: large and very large totals; the thresholds themselves are never shown).
import type { BasketItemDoc } from '@db/schemas/basket.schema';

const MIB = 1024 * 1024;
/** Above this the basket asks before downloading. */
export const BASKET_LARGE_BYTES = 500 * MIB;
/** Above this it warns that the download is very large. */
export const BASKET_VERY_LARGE_BYTES = 2048 * MIB;

export type BasketWarning = 'none' | 'large' | 'very-large';

/** A basket entry's size: known (files, counted folders), a folder still being counted, or one that could not be. */
export type EntrySize = 'known' | 'counting' | 'unknown';

type Sized = Pick<BasketItemDoc, 'isDirectory' | 'size' | 'sizeError'>;

export function entrySize(item: Sized): EntrySize {
  if (item.size !== null) return 'known';
  return item.isDirectory && item.sizeError === null ? 'counting' : 'unknown';
}

export type BasketSummary = {
  count: number;
  files: number;
  folders: number;
  /** Sum of the files' sizes and of the folders counted so far. */
  knownBytes: number;
  /** Folders whose size is still being counted: the total may grow. */
  counting: number;
  /** Entries whose size could not be learnt: they download all the same, uncounted. */
  unknown: number;
  warning: BasketWarning;
  /** Entries still to download (not completed). */
  waiting: number;
};

export function basketWarning(bytes: number): BasketWarning {
  if (bytes > BASKET_VERY_LARGE_BYTES) return 'very-large';
  if (bytes > BASKET_LARGE_BYTES) return 'large';
  return 'none';
}

export function summarizeBasket(items: readonly (Sized & Pick<BasketItemDoc, 'status'>)[]): BasketSummary {
  const folders = items.filter((item) => item.isDirectory).length;
  const sizes = items.map(entrySize);
  const knownBytes = items.reduce((sum, item) => sum + (item.size ?? 0), 0);
  return {
    count: items.length,
    files: items.length - folders,
    folders,
    knownBytes,
    counting: sizes.filter((size) => size === 'counting').length,
    unknown: sizes.filter((size) => size === 'unknown').length,
    warning: basketWarning(knownBytes),
    waiting: items.filter((item) => item.status !== 'completed').length,
  };
}

/** Whether "Download all" asks first: a large total, or folders still being counted (their size could make it large). */
export function asksBeforeDownload(summary: Pick<BasketSummary, 'warning' | 'counting'>): boolean {
  return summary.warning !== 'none' || summary.counting > 0;
}

/** The ZIP's name: the product and the day, so two downloads of one day differ only by the browser's suffix. */
export function basketZipName(now: Date = new Date()): string {
  return `clipdock-basket-${now.toISOString().slice(0, 10)}.zip`;
}
