// Builds the explorer's services from the composition root's shared pieces; its routes, and the
// reindexer whose sweep task the server schedules.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { UrlSigner } from '@server/lib/signed-url';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { MountService } from '@server/modules/mounts/mount.service';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import { FsAccess } from './fs-access.service';
import { FsBatchCopyService } from './fs-batch-copy.service';
import { FsBrowseService } from './fs-browse.service';
import { FsCopyCommitService } from './fs-copy-commit.service';
import { FsCopyPlanner } from './fs-copy-plan';
import { FsCopyService } from './fs-copy.service';
import { FsCursors } from './fs-cursor';
import { allFollowers } from './fs-followers';
import { FsIndex } from './fs-index';
import { FsLockGuard } from './fs-locks';
import type { WebdavLockLookupService } from '@server/modules/webdav/webdav-lock-lookup.service';
import { FsMovedKeys } from './fs-move-index';
import { FsMoveCommitService } from './fs-move-commit.service';
import { FsMoveService } from './fs-move.service';
import { fsMoveRoutes } from './fs-move.routes';
import { FsMultipartService } from './fs-multipart.service';
import { FsPutService } from './fs-put.service';
import { FsReindexer } from './fs-reindex.service';
import { FsSearchService } from './fs-search.service';
import { FsShareFollower } from './fs-share-follower';
import { FsShareIndex } from './fs-share-index.service';
import { fsShareRoutes } from './fs-share.routes';
import { FsShareService } from './fs-share.service';
import { FsUploadCore } from './fs-upload-core';
import { FsUploadService } from './fs-upload.service';
import { FsWriteService } from './fs-write.service';
import { fsRoutes } from './fs.routes';
import type { FsFollower } from './fs.types';

export type FsModuleDeps = {
  repos: Repositories;
  mounts: MountService;
  /** The storage-configs domain's reads: each mount's config. */
  configs: StorageConfigLookupService;
  /** The files domain's share records: Share… records through them, and shares follow moves. */
  records: ShareRecordsService;
  /** WebDAV's locks: the JSON API refuses what a live one covers. */
  webdavLocks: WebdavLockLookupService;
  storage: StorageRegistry;
  caches: CacheRegistry;
  limits: UploadLimits;
  clock: Clock;
  logger: Logger;
  encryptionSecret: string;
  trustProxy: boolean;
  /** The server shares one with the sweeper, so a refresh and a sweep of a mount never overlap. */
  reindexer?: FsReindexer;
  /** Thumbnails follow their files' changes; a refresh queues the missing ones. */
  thumbnails?: FsThumbnails;
};

/** What the explorer asks of thumbnails: to follow its files' changes, and to queue a refreshed mount's missing ones. */
export type FsThumbnails = FsFollower & { queueMissing(mountId: string): Promise<unknown> };

/** The services other doors into the mounts (WebDAV) use, so the explorer's rules hold there too. */
export type FsServices = { browse: FsBrowseService; writes: FsWriteService; put: FsPutService; copies: FsCopyService };

/** The explorer's upload pieces file requests build on (through the JSON API's lock checks). */
export type FsRequestUploads = {
  core: FsUploadCore;
  uploads: FsUploadService;
  multipart: FsMultipartService;
  writes: FsWriteService;
};

export type FsModule = {
  routes: Hono<AppEnv>;
  reindexer: FsReindexer;
  services: FsServices;
  /** How committed file shares enter the index of the mounts showing their storage. */
  shares: FsShareIndex;
  /** Path resolution and authorisation, for other calls on explorer paths (Share…, thumbnails). */
  access: FsAccess;
  requestUploads: FsRequestUploads;
  /** The JSON API's mount uploads (the local blob endpoint asks whether one awaits a PUT). */
  uploads: FsUploadService;
};

export function createFsModule({
  repos,
  mounts,
  configs,
  records,
  webdavLocks,
  storage,
  caches,
  limits,
  clock,
  logger,
  encryptionSecret,
  trustProxy,
  ...deps
}: FsModuleDeps): FsModule {
  // The JSON API refuses what a WebDAV lock covers; WebDAV checks locks itself, with their tokens.
  const locks = new FsLockGuard(webdavLocks, clock);
  const access = new FsAccess(configs, mounts, storage, logger, locks);
  const index = new FsIndex(caches);
  const core = new FsUploadCore({ access, repos, limits, index, clock });
  const davCore = new FsUploadCore({
    access: new FsAccess(configs, mounts, storage, logger),
    repos,
    limits,
    index,
    clock,
  });
  const thumbs = deps.thumbnails;
  const followers = allFollowers([thumbs, new FsShareFollower(records, logger)]);
  const davWrites = new FsWriteService(davCore, repos, index, followers);
  const reindexer = deps.reindexer ?? new FsReindexer(repos, mounts, configs, storage, caches, clock, logger);
  const browse = new FsBrowseService(
    access,
    new FsCursors(new UrlSigner(encryptionSecret, 'fs-cursor')),
    caches,
    clock,
    locks,
  );
  const writes = new FsWriteService(core, repos, index, followers);
  const uploads = new FsUploadService(core);
  const multipart = new FsMultipartService(core);
  const copies = new FsBatchCopyService(core, repos, index, new FsCopyPlanner(core, uploads, multipart), followers);
  const copyCommits = new FsCopyCommitService(core, repos, index);
  const routes = fsRoutes({
    browse,
    uploads,
    multipart,
    writes,
    copies,
    copyCommits,
    search: new FsSearchService(access, repos, caches),
    reindex: reindexer,
    locks,
    trustProxy,
    afterRefresh: thumbs === undefined ? undefined : (mountId) => thumbs.queueMissing(mountId).then(() => undefined),
  });
  const movedKeys = new FsMovedKeys(repos, index, () => core.now());
  routes.route(
    '/',
    fsMoveRoutes(
      new FsMoveService(core, movedKeys, copies, followers),
      new FsMoveCommitService(core, copyCommits, movedKeys),
      trustProxy,
    ),
  );
  routes.route('/', fsShareRoutes(new FsShareService(access, records, clock)));
  return {
    routes,
    access,
    reindexer,
    shares: new FsShareIndex(index, mounts),
    requestUploads: { core, uploads, multipart, writes },
    uploads,
    services: {
      browse,
      writes: davWrites,
      put: new FsPutService(davCore),
      copies: new FsCopyService(davCore, repos, index, davWrites, followers),
    },
  };
}
