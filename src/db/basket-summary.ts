// What the basket panel says about the basket as a whole: how many entries, the bytes known
// before any folder is listed, and whether to warn before downloading it (large and
// very large totals; the thresholds themselves are never shown).
import type { BasketItemDoc } from '@db/schemas/basket.schema';

const MIB = 1024 * 1024;
/** Above this the basket asks before downloading. */
export const BASKET_LARGE_BYTES = 500 * MIB;
/** Above this it warns that the download is very large. */
export const BASKET_VERY_LARGE_BYTES = 2048 * MIB;

export type BasketWarning = 'none' | 'large' | 'very-large';

export type BasketSummary = {
  count: number;
  files: number;
  folders: number;
  /** Sum of the files' sizes; folders add theirs only once listed. */
  knownBytes: number;
  warning: BasketWarning;
  /** Entries still to download (not completed). */
  waiting: number;
};

export function basketWarning(bytes: number): BasketWarning {
  if (bytes > BASKET_VERY_LARGE_BYTES) return 'very-large';
  if (bytes > BASKET_LARGE_BYTES) return 'large';
  return 'none';
}

export function summarizeBasket(items: readonly Pick<BasketItemDoc, 'isDirectory' | 'size' | 'status'>[]): BasketSummary {
  const folders = items.filter((item) => item.isDirectory).length;
  const knownBytes = items.reduce((sum, item) => sum + (item.isDirectory ? 0 : (item.size ?? 0)), 0);
  return {
    count: items.length,
    files: items.length - folders,
    folders,
    knownBytes,
    warning: basketWarning(knownBytes),
    waiting: items.filter((item) => item.status !== 'completed').length,
  };
}

/** The ZIP's name: the product and the day, so two downloads of one day differ only by the browser's suffix. */
export function basketZipName(now: Date = new Date()): string {
  return `clipdock-basket-${now.toISOString().slice(0, 10)}.zip`;
}
