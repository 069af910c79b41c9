// Sizes written by hand, the same text as Intl.NumberFormat's for en and zh-CN with at most 0, 1
// or 2 fraction digits (the test holds them together): both write "1,234.5". The first Intl
// number format of a page costs 100 ms and more of main thread on a phone while ICU loads, and
// the file page writes a size in its first render.
const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

function withGrouping(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** `value` (≥ 0) rounded half up to at most `digits` fraction digits, trailing zeros dropped. */
function decimal(value: number, digits: number): string {
  const [whole = '0', fraction = ''] = value.toFixed(digits).split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept === '' ? withGrouping(whole) : `${withGrouping(whole)}.${kept}`;
}

/** The unit a size (≥ 0) is written in, its value in that unit and the fraction digits it keeps. */
export function sizeInUnits(bytes: number): { value: number; unit: string; digits: number } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value, unit: units[unit] ?? 'B', digits: unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2 };
}

/** A human-readable size in binary steps (1 KB = 1024 B): "0 B", "1.5 KB", "64 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const { value, unit, digits } = sizeInUnits(bytes);
  return `${decimal(value, digits)} ${unit}`;
}
