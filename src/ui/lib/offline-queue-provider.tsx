import { createContext, useContext, type ReactNode } from 'react';
import type { OfflineQueue } from './offline-queue';

const OfflineQueueContext = createContext<OfflineQueue | null>(null);

/** Hands the app's offline queue (spec §7) to the connection banner. */
export function OfflineQueueProvider({ queue, children }: { queue: OfflineQueue; children: ReactNode }) {
  return <OfflineQueueContext.Provider value={queue}>{children}</OfflineQueueContext.Provider>;
}

/** The app's offline queue, or null where none is provided (screens rendered alone in tests). */
export function useOfflineQueue(): OfflineQueue | null {
  return useContext(OfflineQueueContext);
}
