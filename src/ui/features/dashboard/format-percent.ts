/** A 0–1 ratio as a localised percentage with at most one decimal. */
export function formatPercent(ratio: number, language: string): string {
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(ratio);
}
