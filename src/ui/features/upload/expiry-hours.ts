// Expiry presets as the `expires_in` hours the upload API takes; "never" sends nothing.
export const uploadExpiryPresets = ['1h', '1d', '7d', '30d', 'never'] as const;
export type UploadExpiryPreset = (typeof uploadExpiryPresets)[number];

const hours: Record<UploadExpiryPreset, number | undefined> = {
  '1h': 1,
  '1d': 24,
  '7d': 168,
  '30d': 720,
  never: undefined,
};

export function isUploadExpiryPreset(value: string): value is UploadExpiryPreset {
  return uploadExpiryPresets.some((preset) => preset === value);
}

export function expiryHours(preset: UploadExpiryPreset): number | undefined {
  return hours[preset];
}
