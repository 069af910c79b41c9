import { useCreatedServices } from '@ui/domain/services/services-provider';
import type { OfflineQueue } from './offline-queue';

/** The app's offline queue once the services exist, or null (also for screens rendered alone in tests). */
export function useOfflineQueue(): OfflineQueue | null {
  return useCreatedServices()?.offline ?? null;
}
