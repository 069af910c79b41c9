// Chart colours come from the theme's CSS custom properties, so the chart follows light and dark
// like the rest of the page; the fallbacks only matter where styles have not loaded.
export type ChartPalette = { pastes: string; files: string; text: string; grid: string };

export function readChartPalette(element: Element): ChartPalette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    pastes: read('--color-primary', '#0f766e'),
    files: read('--chart-files', '#d97706'),
    text: read('--color-text-muted', '#51625f'),
    grid: read('--color-border', '#d5dfdd'),
  };
}
