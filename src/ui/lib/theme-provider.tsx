import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  DARK_QUERY,
  nextThemeMode,
  readThemeMode,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemeMode,
} from './theme-mode';

type ThemeState = { mode: ThemeMode; resolved: ResolvedTheme; cycle: () => void };

const ThemeContext = createContext<ThemeState | null>(null);

const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#0f766e', dark: '#0b1514' };

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;

export function ThemeProvider({
  storage,
  children,
}: {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  children: ReactNode;
}) {
  const [mode, setMode] = useState<ThemeMode>(() => readThemeMode(storage));
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark);
  const resolved = resolveTheme(mode, prefersDark);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset['theme'] = resolved;
    root.style.colorScheme = resolved;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
  }, [resolved]);

  const cycle = useCallback(() => {
    const next = nextThemeMode(mode);
    storage.setItem(THEME_STORAGE_KEY, next);
    setMode(next);
  }, [mode, storage]);

  const value = useMemo(() => ({ mode, resolved, cycle }), [mode, resolved, cycle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme needs a ThemeProvider');
  return state;
}
