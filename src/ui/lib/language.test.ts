import { describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './language';

const stored = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('detectLanguage', () => {
  it('keeps a saved choice', () => {
    expect(detectLanguage(stored('zh'), 'en-US')).toBe('zh');
    expect(detectLanguage(stored('en'), 'zh-CN')).toBe('en');
  });

  it('follows a Chinese browser, else English', () => {
    expect(detectLanguage(stored(null), 'zh-TW')).toBe('zh');
    expect(detectLanguage(stored('fr'), 'fr-FR')).toBe('en');
  });
});
