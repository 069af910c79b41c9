// Builds the thumbnail pieces from the composition root's shared ones: the store the explorer's
// changes call (built before the explorer), the background worker the server starts and stops,
// and the routes (built once the explorer's path resolver exists).
import { availableParallelism } from 'node:os';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '@server/app-env';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { Database } from '@server/db/schema';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import type { UrlSigner } from '@server/lib/signed-url';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { FsAccess } from '@server/modules/fs/fs-access.service';
import { ThumbnailStore } from './thumbnail-store';
import { ThumbnailWorker } from './thumbnail-worker';
import { ShareThumbnailService, type ShareThumbnailLookups } from './share-thumbnail.service';
import { shareThumbnailRoutes } from './share-thumbnail.routes';
import { thumbnailRoutes } from './thumbnail.routes';
import { ThumbnailService } from './thumbnail.service';
import { StoredThumbnailService } from './stored-thumbnail.service';

export type ThumbnailModuleDeps = {
  db: Kysely<Database>;
  configs: StorageConfigLookupService;
  storage: StorageRegistry;
  clock: Clock;
  logger: Logger;
  /** The admin's limit, in MiB. */
  maxSourceMb: () => Promise<number>;
  alone: boolean;
};

export type ThumbnailModule = {
  store: ThumbnailStore;
  worker: ThumbnailWorker;
  /** Which stored large thumbnail is current, for other domains (a share's link card). */
  stored: StoredThumbnailService;
  routes(access: FsAccess): Hono<AppEnv>;
  /** The calls storing the worker's thumbnails of a share or a file request's upload. */
  shareRoutes(lookups: Omit<ShareThumbnailLookups, 'configs'>, requestTokens: UrlSigner): Hono<AppEnv>;
};

export function createThumbnailModule({
  db,
  configs,
  storage,
  clock,
  logger,
  maxSourceMb,
  alone,
}: ThumbnailModuleDeps) {
  const store = new ThumbnailStore(db, clock, logger);
  const worker = new ThumbnailWorker({
    store,
    configs,
    storage,
    clock,
    logger,
    alone,
    // One job per core beyond the first, at most two: a core stays for the API.
    concurrency: Math.min(2, Math.max(1, availableParallelism() - 1)),
    maxSourceBytes: async () => (await maxSourceMb()) * 1024 * 1024,
  });
  return {
    store,
    worker,
    stored: new StoredThumbnailService(store.repo),
    routes: (access: FsAccess) => thumbnailRoutes(new ThumbnailService(access, store, clock)),
    shareRoutes: (lookups: Omit<ShareThumbnailLookups, 'configs'>, requestTokens: UrlSigner) =>
      shareThumbnailRoutes(
        new ShareThumbnailService({ ...lookups, configs }, storage, store, requestTokens, clock, logger),
      ),
  } satisfies ThumbnailModule;
}
