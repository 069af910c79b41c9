const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
// Building an Intl.NumberFormat costs far more than using one, and long lists (the explorer's
// virtualised rows) format a size for every row they draw: keep one per language and precision.
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/** A human-readable size in binary steps (1 KB = 1024 B): "0 B", "1.5 KB", "64 MB". */
export function formatBytes(bytes: number, language = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const number = formatOf(language === 'zh' ? 'zh-CN' : 'en', digits).format(value);
  return `${number} ${units[unit] ?? 'B'}`;
}
