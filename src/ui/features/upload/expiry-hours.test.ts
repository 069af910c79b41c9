import { describe, expect, it } from 'vitest';
import { expiryHours, isUploadExpiryPreset } from './expiry-hours';

describe('expiryHours', () => {
  it('turns presets into hours', () => {
    expect(expiryHours('1h')).toBe(1);
    expect(expiryHours('1d')).toBe(24);
    expect(expiryHours('7d')).toBe(168);
    expect(expiryHours('30d')).toBe(720);
  });

  it('sends nothing for never', () => {
    expect(expiryHours('never')).toBeUndefined();
  });

  it('recognises only known presets', () => {
    expect(isUploadExpiryPreset('7d')).toBe(true);
    expect(isUploadExpiryPreset('2d')).toBe(false);
  });
});
