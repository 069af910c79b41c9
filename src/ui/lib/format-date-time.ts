// The one way the interface writes a date and time, following the chosen language:
// "23 Nov 2026, 22:35" in English, "2026年11月23日 22:35" in Chinese.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string): Intl.DateTimeFormat {
  const locale = language === 'zh' ? 'zh-CN' : 'en-GB';
  let format = formats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format;
}

/** `value` (an ISO time) in the language's format; `fallback` for a missing or unreadable one. */
export function formatDateTime(value: string | null | undefined, language: string, fallback = ''): string {
  const time = value === null || value === undefined ? Number.NaN : Date.parse(value);
  return Number.isNaN(time) ? fallback : formatOf(language).format(time);
}
