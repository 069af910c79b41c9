// RxDB indexes a number only when its range and step are declared. Times are epoch ms, so the
// cache collections can sweep entries older than the offline cache expiry through an index.
export const EPOCH_MS_INDEX = {
  type: 'integer',
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  multipleOf: 1,
} as const;
