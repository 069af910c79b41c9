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

  it('answers the fallback for a missing or unreadable time', () => {
    expect(formatDateTime(null, 'en', 'never')).toBe('never');
    expect(formatDateTime('not a date', 'zh', '—')).toBe('—');
  });
});
