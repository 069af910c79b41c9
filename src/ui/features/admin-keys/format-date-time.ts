/** A short, localised date and time; `fallback` for a missing or unreadable value. */
export function formatDateTime(value: string | null, language: string, fallback: string): string {
  if (value === null) return fallback;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return fallback;
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
