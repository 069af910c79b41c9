// Theme preference: auto follows the system colour scheme, light and dark are fixed. index.html
// repeats the resolve step inline so the saved theme is applied before the first paint.
export const themeModes = ['auto', 'light', 'dark'] as const;
export type ThemeMode = (typeof themeModes)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'themeMode';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeMode(storage: Pick<Storage, 'getItem'>): ThemeMode {
  const saved = storage.getItem(THEME_STORAGE_KEY);
  return themeModes.find((m) => m === saved) ?? 'auto';
}

export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = themeModes.indexOf(mode);
  return themeModes[(index + 1) % themeModes.length] ?? 'auto';
}

export function resolveTheme(mode: ThemeMode, systemPrefersDark: boolean): ResolvedTheme {
  if (mode === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}
