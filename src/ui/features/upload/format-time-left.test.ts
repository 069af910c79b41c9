import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './format-time-left';

describe('formatTimeLeft', () => {
  it('formats minutes and hours', () => {
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(4.2)).toBe('0:05');
    expect(formatTimeLeft(65)).toBe('1:05');
    expect(formatTimeLeft(3725)).toBe('1:02:05');
  });

  it('shows a dash while unknown', () => {
    expect(formatTimeLeft(null)).toBe('—');
    expect(formatTimeLeft(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
