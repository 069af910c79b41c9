import { describe, expect, it } from 'vitest';
import { expiresAtFor, isExpiryPreset } from './expiry-preset';

const now = Date.parse('2030-01-01T00:00:00.000Z');

describe('expiry presets', () => {
  it('turns each preset into an absolute ISO time', () => {
    expect(expiresAtFor('1h', now)).toBe('2030-01-01T01:00:00.000Z');
    expect(expiresAtFor('1d', now)).toBe('2030-01-02T00:00:00.000Z');
    expect(expiresAtFor('7d', now)).toBe('2030-01-08T00:00:00.000Z');
    expect(expiresAtFor('30d', now)).toBe('2030-01-31T00:00:00.000Z');
  });

  it('sends nothing for never', () => {
    expect(expiresAtFor('never', now)).toBeUndefined();
  });

  it('recognises preset names only', () => {
    expect(isExpiryPreset('7d')).toBe(true);
    expect(isExpiryPreset('2d')).toBe(false);
  });
});
