// The composition root: builds each domain's module from the injected database, clock and logger,
// then mounts middleware and the modules' routes. No I/O happens here beyond checking the static
// folder exists.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import type { Kysely } from 'kysely';
import type { AppEnv } from './app-env';
import type { Config } from './config';
import { createRepositories } from './db/repositories';
import type { Database } from './db/schema';
import { CacheRegistry } from './lib/cache/cache-registry';
import { memoryLimiters } from './lib/rate-limiter';
import { localBus, type CacheBus } from './cluster/cache-bus';
import type { ClusterLocks } from './cluster/cluster-locks';
import { databaseLimiters } from './lib/rate-limiter-pg';
import { apiCors } from './middleware/cors.middleware';
import { compressAnswers } from './middleware/compress.middleware';
import { systemClock, type Clock } from './lib/clock';
import { IdempotencyStore } from './modules/idempotency/idempotency.service';
import type { Logger } from './lib/logger';
import { UrlSigner } from './lib/signed-url';
import { authenticate } from './middleware/auth.middleware';
import { handleError, notFound } from './middleware/error.middleware';
import { ProxyNotice, proxyNoticeWatch } from './middleware/proxy-notice.middleware';
import { requestId } from './middleware/request-id.middleware';
import { requestLog } from './middleware/request-log.middleware';
import { staticSite } from './middleware/static-site.middleware';
import { HtmlRenderer } from './lib/markdown/html-renderer';
import { createStorageRegistry, type StorageRegistry } from './storage/storage-registry';
import { createApiKeysModule } from './modules/api-keys/api-keys.module';
import { createAuthModule } from './modules/auth/auth.module';
import { createCacheModule } from './modules/cache/cache.module';
import { createDashboardModule } from './modules/dashboard/dashboard.module';
import { createFileRequestsModule } from './modules/file-requests/file-requests.module';
import { createFilesModule } from './modules/files/files.module';
import { ShareRecordsService } from './modules/files/share-records.service';
import { FileRequestLookupService } from './modules/file-requests/file-request-lookup.service';
import { createFsModule } from './modules/fs/fs.module';
import type { FsReindexer } from './modules/fs/fs-reindex.service';
import { createMountsModule } from './modules/mounts/mounts.module';
import { createPastesModule } from './modules/pastes/pastes.module';
import { createSettingsModule } from './modules/settings/settings.module';
import { SharePageService } from './modules/share-page/share-page.service';
import { withSharePages } from './modules/share-page/share-page-head';
import { loadSharePageRenderer } from './modules/share-page/share-page-renderer';
import { createSharePreviewModule } from './modules/share-preview/share-preview.module';
import { createStorageConfigsModule } from './modules/storage-configs/storage-configs.module';
import { createSystemModule } from './modules/system/system.module';
import { createThumbnailModule } from './modules/thumbnails/thumbnail.module';
import { UploadLimits } from './modules/uploads/upload-limits.service';
import { createUploadsModule } from './modules/uploads/uploads.module';
import { createUrlUploadModule } from './modules/url-upload/url-upload.module';
import { createWebdavRoutes } from './modules/webdav/webdav.module';
import { WebdavLockLookupService } from './modules/webdav/webdav-lock-lookup.service';

export const defaultStaticDir = fileURLToPath(new URL('../dist', import.meta.url));

export type AppDeps = {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** The built web app; defaults to <repo>/dist. Missing means API only. */
  staticDir?: string;
  /** The process's named caches; tests pass their own to look inside. */
  caches?: CacheRegistry;
  /** Storage drivers per config; shared with the sweeper when the server starts. */
  storage?: StorageRegistry;
  /** Mount reindexing; shared with the sweeper when the server starts. */
  reindexer?: FsReindexer;
  /** Messages to and from the other instances on one database; nothing to send with one process. */
  bus?: CacheBus;
  /** Markdown and file-text rendering on worker threads; the server stops its workers on close. */
  renderer?: HtmlRenderer;
  /** Background jobs the server starts after listening and stops on close (the thumbnail queue). */
  background?: BackgroundJob[];
  /** Work one instance at a time does (PostgreSQL advisory locks; nobody to exclude on SQLite). */
  locks?: ClusterLocks;
};

export type BackgroundJob = { start(): Promise<void>; stop(): Promise<void> };

// Validation failures name what is wrong in English whichever zod build made the schema: the
// shared schemas the pages load first use zod/mini, which loads no messages of its own.
z.config(en());

export function createApp({
  db,
  config,
  logger,
  clock = systemClock,
  staticDir = defaultStaticDir,
  caches = new CacheRegistry(clock),
  storage = createStorageRegistry(config, clock, logger),
  reindexer,
  renderer = new HtmlRenderer(),
  bus = localBus,
  background,
  locks,
}: AppDeps): Hono<AppEnv> {
  const repos = createRepositories(db);
  const { trustProxy, encryptionSecret } = config;
  // Attempt limits: in memory with one process (SQLite), counted in the database by every instance on PostgreSQL.
  const limiterFactory = config.database.kind === 'postgres' ? databaseLimiters(db, clock) : memoryLimiters(clock);
  const idempotency = new IdempotencyStore(repos, clock);
  const apiKeys = createApiKeysModule({ repos, clock });
  const auth = createAuthModule({ repos, keys: apiKeys.lookup, clock, limiterFactory, trustProxy });
  const settings = createSettingsModule({ repos, clock, idempotency, bus });
  const mounts = createMountsModule({ repos, clock, caches });
  const pastes = createPastesModule({
    repos,
    clock,
    limiterFactory,
    idempotency,
    renderer,
    encryptionSecret,
    trustProxy,
  });
  const storageConfigs = createStorageConfigsModule({ repos, mounts: mounts.mounts, clock, storage, caches });
  const shareRecords = new ShareRecordsService(repos);
  const limits = new UploadLimits(repos, storageConfigs.lookup, shareRecords, config.database.kind, settings.settings);
  const thumbnails = createThumbnailModule({
    db,
    configs: storageConfigs.lookup,
    storage,
    clock,
    logger,
    maxSourceMb: async () => (await settings.settings.getSettings()).thumbnail_max_source_mb,
    alone: config.database.kind === 'sqlite',
  });
  background?.push(thumbnails.worker);
  const fs = createFsModule({
    repos,
    mounts: mounts.mounts,
    configs: storageConfigs.lookup,
    records: shareRecords,
    webdavLocks: new WebdavLockLookupService(repos),
    storage,
    caches,
    limits,
    clock,
    logger,
    encryptionSecret,
    trustProxy,
    reindexer,
    thumbnails: thumbnails.store,
  });
  const files = createFilesModule({
    repos,
    configs: storageConfigs.lookup,
    clock,
    storage,
    caches,
    limiterFactory,
    idempotency,
    renderer,
    encryptionSecret,
    trustProxy,
    unindex: (configId, key) => fs.shares.removed(repos, configId, key),
  });
  const uploads = createUploadsModule({
    repos,
    clock,
    storage,
    storageConfigs: storageConfigs.configs,
    configLookup: storageConfigs.lookup,
    records: shareRecords,
    limits,
    shares: fs.shares,
    mountUploads: fs.uploads,
    trustProxy,
  });
  const sharePreview = createSharePreviewModule({
    pastes: pastes.views,
    records: shareRecords,
    configs: storageConfigs.lookup,
    clock,
    storage,
    trustProxy,
    posters: thumbnails.stored,
  });
  const proxyNotice = new ProxyNotice();

  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLog(logger));
  app.use(proxyNoticeWatch(proxyNotice, trustProxy, logger));
  app.use('/api/*', apiCors());
  // File views, downloads and local blobs are stored bytes served by range: never compressed.
  app.use('/api/*', compressAnswers(['/api/blob/', '/api/file-view/', '/api/file-download/']));
  app.use('/api/*', authenticate({ sessions: auth.sessions, apiKeys: auth.apiKeys, trustProxy }));

  app.route('/api', createSystemModule({ repos, clock, databaseKind: config.database.kind }));
  app.route('/api', auth.routes);
  app.route('/api', apiKeys.routes);
  app.route('/api', mounts.routes);
  app.route('/api', settings.routes);
  app.route('/api', createCacheModule({ caches, mounts: mounts.mounts, idempotency }));
  const pendingThumbnails = () => thumbnails.store.repo.pendingCount();
  app.route('/api', createDashboardModule({ repos, clock, caches, proxyNotice, pendingThumbnails }));
  app.route('/api', pastes.routes);
  app.route('/api', storageConfigs.routes(uploads.gate));
  app.route('/api', uploads.routes);
  app.route(
    '/api',
    createUrlUploadModule({
      urlFetch: config.urlFetch,
      settings: settings.settings,
      uploads: uploads.uploads,
      multipart: uploads.multipart,
      trustProxy,
    }),
  );
  app.route('/api', files.routes);
  app.route('/api', fs.routes);
  app.route('/api', sharePreview.routes);
  app.route('/api', thumbnails.routes(fs.access));
  const shareLookups = { records: shareRecords, requests: new FileRequestLookupService(repos) };
  app.route('/api', thumbnails.shareRoutes(shareLookups, new UrlSigner(encryptionSecret, 'file-request-upload')));
  app.route(
    '/api',
    createFileRequestsModule({
      repos,
      owners: auth.owners,
      fs: fs.requestUploads,
      limits,
      settings: settings.settings,
      limiterFactory,
      clock,
      config,
      logger,
      trustProxy,
      background,
      locks,
    }),
  );
  // WebDAV: the mount tree at /dav, outside /api's CORS, compression and envelope.
  app.route(
    '/',
    createWebdavRoutes({
      repos,
      fs: fs.services,
      mounts: mounts.mounts,
      configs: storageConfigs.lookup,
      settings: settings.settings,
      sessions: auth.sessions,
      apiKeys: auth.apiKeys,
      trustProxy,
      clock,
      logger,
      blobDir: config.blobDir,
    }),
  );

  if (existsSync(staticDir)) {
    const pages = new SharePageService(pastes.views, files.files, renderer, files.previews, loadSharePageRenderer);
    app.use(staticSite(staticDir, withSharePages(sharePreview.headFor, pages)));
  } else logger.warn('web app not built: serving the API only', { staticDir });

  app.notFound(notFound);
  app.onError(handleError(logger));
  return app;
}
