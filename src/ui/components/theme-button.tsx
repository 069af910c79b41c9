import { useTranslation } from 'react-i18next';
import { useTheme } from '@ui/lib/theme-provider';
import type { ThemeMode } from '@ui/lib/theme-mode';

const glyphs: Record<ThemeMode, string> = { auto: '◐', light: '☀', dark: '☾' };

/** Cycles auto → light → dark; the accessible name states the current mode. */
export function ThemeButton() {
  const { t } = useTranslation();
  const { mode, cycle } = useTheme();
  const label = t('theme.button', { mode: t(`theme.mode.${mode}`) });
  return (
    <button type="button" className="icon-button theme-button" onClick={cycle} aria-label={label} title={label}>
      <span aria-hidden="true" className="theme-button__glyph">
        {glyphs[mode]}
      </span>
      <span aria-hidden="true" className="theme-button__text">
        {t(`theme.mode.${mode}`)}
      </span>
    </button>
  );
}
