// The one way the interface writes a date and time, following the chosen language:
// "23 Nov 2026, 22:35" in English, "2026年11月23日 22:35" in Chinese, in local time. The same text
// as Intl.DateTimeFormat's medium date and short time for en-GB and zh-CN (the test holds them
// together), written by hand: the first Intl date format of a page costs 20–50 ms of main thread
// while ICU loads, on the share pages' first render.
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

function local(time: number): Parts {
  const at = new Date(time);
  const [year, month, day] = [at.getFullYear(), at.getMonth(), at.getDate()];
  return { year, month, day, hours: at.getHours(), minutes: at.getMinutes() };
}

/** The time at a fixed offset from UTC (minutes east), whatever this machine's own zone. */
function atOffset(time: number, offsetMinutes: number): Parts {
  const at = new Date(time + offsetMinutes * 60_000);
  const [year, month, day] = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];
  return { year, month, day, hours: at.getUTCHours(), minutes: at.getUTCMinutes() };
}

function format({ year, month, day, hours, minutes }: Parts, language: string): string {
  const clock = `${twoDigits(hours)}:${twoDigits(minutes)}`;
  if (language === 'zh') return `${year}年${month + 1}月${day}日 ${clock}`;
  return `${day} ${MONTHS_EN[month] ?? ''} ${year}, ${clock}`;
}

/**
 * `value` (an ISO time or epoch milliseconds) in the language's format; `fallback` for a missing or
 * unreadable one. In local time, or at `offsetMinutes` east of UTC when given: a server-rendered
 * page's zone, which its first render in the browser repeats (src/ui/lib/page-zone.tsx).
 */
export function formatDateTime(
  value: string | number | null | undefined,
  language: string,
  fallback = '',
  offsetMinutes?: number,
): string {
  const time =
    value === null || value === undefined ? Number.NaN : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(time)) return fallback;
  return format(offsetMinutes === undefined ? local(time) : atOffset(time, offsetMinutes), language);
}
