// Speed and time left per file. The upload machine keeps only percent and stage, so the rows
// read these live figures from this small store that the file actors feed.
import { useSyncExternalStore } from 'react';

/** `source`: where a URL upload's bytes come from, once known. */
export type TransferStats = { bytesPerSecond: number; secondsLeft: number | null; source?: 'direct' | 'proxy' };

const stats = new Map<string, TransferStats>();
const listeners = new Set<() => void>();

export const transferStats = {
  set(fileId: string, value: TransferStats): void {
    stats.set(fileId, value);
    for (const listener of listeners) listener();
  },
  clear(fileId: string): void {
    if (stats.delete(fileId)) for (const listener of listeners) listener();
  },
  get(fileId: string): TransferStats | undefined {
    return stats.get(fileId);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTransferStats(fileId: string): TransferStats | undefined {
  return useSyncExternalStore(transferStats.subscribe, () => transferStats.get(fileId));
}
