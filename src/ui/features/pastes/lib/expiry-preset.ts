// Expiry presets turned into the absolute ISO time the API takes; "never" sends nothing.
export const expiryPresets = ['1h', '1d', '7d', '30d', 'never'] as const;
export type ExpiryPreset = (typeof expiryPresets)[number];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const presetMs: Record<Exclude<ExpiryPreset, 'never'>, number> = {
  '1h': HOUR_MS,
  '1d': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};

export function isExpiryPreset(value: string): value is ExpiryPreset {
  return expiryPresets.some((preset) => preset === value);
}

/** The ISO time the preset ends at, counted from `now` (epoch ms); undefined for "never". */
export function expiresAtFor(preset: ExpiryPreset, now: number): string | undefined {
  if (preset === 'never') return undefined;
  return new Date(now + presetMs[preset]).toISOString();
}
