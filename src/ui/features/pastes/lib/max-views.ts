// The max-views field: a whole number ≥ 0 where empty and 0 both mean unlimited.
export function parseMaxViews(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}
