import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  const at = '2026-11-23T22:35:00.000Z';
  const local = new Date(at);
  const hh = String(local.getHours()).padStart(2, '0');
  const mm = String(local.getMinutes()).padStart(2, '0');

  it('writes one format per language', () => {
    expect(formatDateTime(at, 'en')).toMatch(new RegExp(`^${local.getDate()} Nov 2026, ${hh}:${mm}$`));
    expect(formatDateTime(at, 'zh')).toMatch(new RegExp(`^2026年11月${local.getDate()}日 ${hh}:${mm}$`));
  });

  it('writes what Intl writes for en-GB and zh-CN (medium date, short time), every month and hour', () => {
    const english = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    const chinese = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 7, 5],
        [28, 12, 30],
        [month === 1 ? 28 : 31, 23, 59],
      ] as const) {
        const time = new Date(2026, month, day, hour, minute);
        expect(formatDateTime(time.toISOString(), 'en')).toBe(english.format(time));
        expect(formatDateTime(time.getTime(), 'zh')).toBe(chinese.format(time));
      }
    }
  });

  it('answers the fallback for a missing or unreadable time', () => {
    expect(formatDateTime(null, 'en', 'never')).toBe('never');
    expect(formatDateTime('not a date', 'zh', '—')).toBe('—');
  });
});

describe('formatDateTime at a fixed offset', () => {
  it('writes the time at that offset east of UTC, whatever the local zone', () => {
    expect(formatDateTime('2026-11-23T22:35:00.000Z', 'en', '', 0)).toBe('23 Nov 2026, 22:35');
    expect(formatDateTime('2026-11-23T22:35:00.000Z', 'zh', '', 480)).toBe('2026年11月24日 06:35');
    expect(formatDateTime('2026-01-01T00:10:00.000Z', 'en', '', -60)).toBe('31 Dec 2025, 23:10');
  });
});
