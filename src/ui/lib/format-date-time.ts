// The one way the interface writes a date and time, following the chosen language:
// "23 Nov 2026, 22:35" in English, "2026年11月23日 22:35" in Chinese, in local time. The same text
// as Intl.DateTimeFormat's medium date and short time for en-GB and zh-CN (the test holds them
// together), written by hand: the first Intl date format of a page costs 20–50 ms of main thread
// while ICU loads, on the share pages' first render.
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

function format(time: Date, language: string): string {
  const clock = `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
  if (language === 'zh') return `${time.getFullYear()}年${time.getMonth() + 1}月${time.getDate()}日 ${clock}`;
  return `${time.getDate()} ${MONTHS_EN[time.getMonth()] ?? ''} ${time.getFullYear()}, ${clock}`;
}

/** `value` (an ISO time or epoch milliseconds) in the language's format; `fallback` for a missing or unreadable one. */
export function formatDateTime(value: string | number | null | undefined, language: string, fallback = ''): string {
  const time =
    value === null || value === undefined ? Number.NaN : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? fallback : format(new Date(time), language);
}
