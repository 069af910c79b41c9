import { describe, expect, it } from 'vitest';
import { nextThemeMode, readThemeMode, resolveTheme, THEME_STORAGE_KEY } from './theme-mode';

describe('theme mode', () => {
  it('cycles auto → light → dark → auto', () => {
    expect(nextThemeMode('auto')).toBe('light');
    expect(nextThemeMode('light')).toBe('dark');
    expect(nextThemeMode('dark')).toBe('auto');
  });

  it('reads the saved mode, defaulting to auto', () => {
    expect(readThemeMode({ getItem: (k) => (k === THEME_STORAGE_KEY ? 'dark' : null) })).toBe('dark');
    expect(readThemeMode({ getItem: () => 'purple' })).toBe('auto');
  });

  it('resolves auto from the system preference', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
