// The offline queue's storage: the local database's `offline_queue` collection, loaded
// on first use so the database code stays out of the first page's bundle.
import type { EndpointSpec } from '@shared/http/endpoint';
import type { OfflineOperationType } from '@shared/offline-replay';
import { openDatabaseWith, warmDatabase } from '@ui/domain/database/open-database';
import type { QueueStore } from './offline-queue';

export async function openQueueStore(): Promise<QueueStore> {
  const { db, module: outbox } = await openDatabaseWith(import('@db/outbox'));
  const queue = db.offline_queue;
  return {
    add: (input) => outbox.enqueueOfflineRequest(queue, input),
    list: () => outbox.listOfflineRequests(queue),
    mark: async (id, change) => void (await outbox.markOfflineRequest(queue, id, change)),
    remove: (id) => outbox.removeOfflineRequest(queue, id),
    watch: (onChange) => outbox.watchOfflineRequests(queue, onChange),
  };
}

/**
 * Fetches the local database's code without opening it, so a write queued later still finds it
 * when the network is gone and no service worker serves it yet.
 */
export function warmQueueStore(): void {
  warmDatabase(import('@db/outbox'));
}

/** The endpoint definitions of the replay list, by id: a replay goes through the same contract. */
export async function replayEndpoints(): Promise<Record<OfflineOperationType, EndpointSpec>> {
  const [pastes, settings, cache, files] = await Promise.all([
    import('@shared/api/paste.endpoints'),
    import('@shared/api/settings.endpoints'),
    import('@shared/api/cache.endpoints'),
    import('@shared/api/file.endpoints'),
  ]);
  return {
    'pastes.create': pastes.createPaste,
    'pastes.admin.update': pastes.adminPasteEndpoints.update,
    'pastes.user.update': pastes.userPasteEndpoints.update,
    'pastes.admin.delete': pastes.adminPasteEndpoints.remove,
    'pastes.user.delete': pastes.userPasteEndpoints.remove,
    'pastes.admin.batchDelete': pastes.adminPasteEndpoints.removeMany,
    'pastes.user.batchDelete': pastes.userPasteEndpoints.removeMany,
    'pastes.admin.clearExpired': pastes.clearExpiredPastes,
    'settings.update': settings.updateSystemSettings,
    'cache.admin.clear': cache.clearCache,
    'files.public.verify': files.verifyFilePassword,
  };
}
