// The composition root: builds services from the injected database, clock and logger, then
// mounts middleware and routes. No I/O happens here beyond checking the static folder exists.
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
import { databaseLimiters } from './lib/rate-limiter-pg';
import { apiCors } from './middleware/cors.middleware';
import { compressAnswers } from './middleware/compress.middleware';
import { systemClock, type Clock } from './lib/clock';
import { IdempotencyStore } from './modules/idempotency/idempotency';
import type { Logger } from './lib/logger';
import { UrlSigner } from './lib/signed-url';
import { authenticate } from './middleware/auth.middleware';
import { handleError, notFound } from './middleware/error.middleware';
import { ProxyNotice, proxyNoticeWatch } from './middleware/proxy-notice.middleware';
import { requestId } from './middleware/request-id.middleware';
import { requestLog } from './middleware/request-log.middleware';
import { staticSite } from './middleware/static-site.middleware';
import { adminAuthRoutes } from './modules/auth/admin-auth.routes';
import { blobRoutes } from './modules/uploads/blob.routes';
import { publicFilesRoutes } from './modules/files/public-files.routes';
import { storageConfigsRoutes } from './modules/storage-configs/storage-configs.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { urlUploadRoutes } from './modules/url-upload/url-upload.routes';
import { UrlFetchService } from './modules/url-upload/url-fetch.service';
import { createGuardedFetch } from './lib/net/guarded-fetch';
import { urlFetchPolicy } from './lib/net/url-fetch-policy';
import { HtmlRenderer } from './lib/markdown/html-renderer';
import { apiKeyAuthRoutes } from './modules/auth/api-key-auth.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { cacheRoutes } from './modules/cache/cache.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { fileManagementRoutes } from './modules/files/file-shares.routes';
import { mountsRoutes } from './modules/mounts/mounts.routes';
import { pasteRoutes } from './modules/pastes/paste.routes';
import { systemSettingsRoutes } from './modules/settings/system-settings.routes';
import { systemRoutes } from './modules/system/system.routes';
import { userMountsRoutes } from './modules/mounts/user-mounts.routes';
import { pasteManagementRoutes } from './modules/pastes/paste-management.routes';
import { AdminAccountService } from './modules/auth/admin-account.service';
import { AdminSessionService } from './modules/auth/admin-session.service';
import { ApiKeyAdminService } from './modules/api-keys/api-key-admin.service';
import { ApiKeyAuthService } from './modules/auth/api-key-auth.service';
import { createAuthLimiters } from './modules/auth/auth-limits';
import { CacheService } from './modules/cache/cache.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { FileShareService } from './modules/files/file-share.service';
import { MountService } from './modules/mounts/mount.service';
import { createPasteLimiters } from './modules/pastes/paste-access.service';
import { createPasswordLimiters } from './modules/files/password-limits';
import { PasteManageService } from './modules/pastes/paste-manage.service';
import { PasteTokenService } from './modules/pastes/paste-token.service';
import { PasteViewService } from './modules/pastes/paste-view.service';
import { PasteService } from './modules/pastes/paste.service';
import { FileDeliveryService } from './modules/files/public-file-delivery.service';
import { FilePreviewService } from './modules/files/file-preview.service';
import { PublicFileService } from './modules/files/public-file.service';
import { StorageConfigTestService } from './modules/storage-configs/storage-config-test.service';
import { StorageConfigService } from './modules/storage-configs/storage-config.service';
import { SystemSettingsService } from './modules/settings/system-settings.service';
import { SystemService } from './modules/system/system.service';
import { FormUploadService } from './modules/uploads/upload-form.service';
import { UploadGate } from './modules/uploads/upload-gate';
import { UploadLimits } from './modules/uploads/upload-limits.service';
import { MultipartUploadService } from './modules/uploads/upload-multipart.service';
import { UploadService } from './modules/uploads/upload.service';
import { LocalBlobEndpoint } from './modules/uploads/local-blob-endpoint';
import { createStorageRegistry, type StorageRegistry } from './storage/storage-registry';
import { createFsModule } from './modules/fs/fs.module';
import { FsShareService } from './modules/fs/fs-share.service';
import { fsShareRoutes } from './modules/fs/fs-share.routes';
import { CardImageService } from './modules/share-preview/card-image.service';
import { cardImageRoutes } from './modules/share-preview/card-image.routes';
import { OembedService } from './modules/share-preview/oembed.service';
import { oembedRoutes } from './modules/share-preview/oembed.routes';
import type { FsReindexer } from './modules/fs/fs-reindex.service';
import { createWebdavRoutes } from './modules/webdav/webdav.module';
import { SharePreviewService } from './modules/share-preview/share-preview.service';
import { createThumbnailModule } from './modules/thumbnails/thumbnail.module';
import { createFileRequestsModule } from './modules/file-requests/file-requests.module';
import { SharePageService } from './modules/share-page/share-page.service';
import { withSharePages } from './modules/share-page/share-page-head';
import { loadSharePageRenderer } from './modules/share-page/share-page-renderer';

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
}: AppDeps): Hono<AppEnv> {
  const repos = createRepositories(db);
  // Attempt limits: in memory with one process (SQLite), counted in the database by every instance on PostgreSQL.
  const limiterFactory = config.database.kind === 'postgres' ? databaseLimiters(db, clock) : memoryLimiters(clock);
  const limiters = createAuthLimiters(limiterFactory);
  const sessions = new AdminSessionService(repos, clock, limiters);
  const accounts = new AdminAccountService(repos, clock, limiters);
  const apiKeys = new ApiKeyAuthService(repos, clock, limiters);
  const system = new SystemService(repos, config.database.kind, clock);
  const idempotency = new IdempotencyStore(repos, clock);
  const settings = new SystemSettingsService(repos, clock, idempotency, bus);
  const mounts = new MountService(repos, clock, caches);
  const pasteLimiters = createPasteLimiters(limiterFactory);
  const pastes = new PasteService(repos, clock, pasteLimiters, idempotency);
  const pasteViews = new PasteViewService(
    repos,
    clock,
    new PasteTokenService(config.encryptionSecret, clock),
    pasteLimiters,
  );
  const pasteManage = new PasteManageService(repos, clock, idempotency);
  const { trustProxy } = config;
  const storageConfigs = new StorageConfigService(repos, clock, storage.deps.box, storage, caches);
  const limits = new UploadLimits(repos, config.database.kind, settings);
  const fileAccess = new UrlSigner(config.encryptionSecret, 'file-access');
  const thumbnails = createThumbnailModule({
    db,
    repos,
    storage,
    clock,
    logger,
    maxSourceMb: async () => (await settings.getSettings()).thumbnail_max_source_mb,
    alone: config.database.kind === 'sqlite',
  });
  background?.push(thumbnails.worker);
  const fs = createFsModule({
    repos,
    mounts,
    storage,
    caches,
    limits,
    clock,
    logger,
    encryptionSecret: config.encryptionSecret,
    trustProxy,
    reindexer,
    thumbnails: thumbnails.store,
  });
  const publicFiles = new PublicFileService(
    repos,
    clock,
    storage,
    fileAccess,
    createPasswordLimiters(limiterFactory, 'file'),
    (configId, key) => fs.shares.removed(repos, configId, key),
  );
  const fileShares = new FileShareService(repos, clock, publicFiles);
  const gate = new UploadGate(repos.files);
  const uploads = new UploadService(repos, clock, storageConfigs, storage, limits, fs.shares);
  // A local presigned PUT is expected while a share upload or a mount upload to that key is pending.
  const putGate = {
    allows: async (configId: string, key: string) =>
      (await gate.allows(configId, key)) || repos.fsUploads.expectsPut(configId, key),
  };
  const blobs = new LocalBlobEndpoint(repos.storageConfigs, storage, storage.deps.blobSigner, clock, putGate);

  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLog(logger));
  const proxyNotice = new ProxyNotice();
  app.use(proxyNoticeWatch(proxyNotice, trustProxy, logger));
  app.use('/api/*', apiCors());
  // File views, downloads and local blobs are stored bytes served by range: never compressed.
  app.use('/api/*', compressAnswers(['/api/blob/', '/api/file-view/', '/api/file-download/']));
  app.use('/api/*', authenticate({ sessions, apiKeys, trustProxy }));

  app.route('/api', systemRoutes(system));
  app.route('/api', docsRoutes());
  app.route('/api', adminAuthRoutes({ sessions, accounts, trustProxy }));
  app.route('/api', apiKeyAuthRoutes(apiKeys));
  app.route('/api', apiKeysRoutes(new ApiKeyAdminService(repos, clock)));
  app.route('/api', mountsRoutes(mounts));
  app.route('/api', userMountsRoutes(mounts));
  app.route('/api', systemSettingsRoutes(settings));
  app.route('/api', cacheRoutes(new CacheService(repos, caches, mounts, clock, idempotency)));
  app.route(
    '/api',
    dashboardRoutes(
      new DashboardService(repos, clock, caches, proxyNotice, () => thumbnails.store.repo.pendingCount()),
    ),
  );
  app.route('/api', pasteRoutes({ pastes, views: pasteViews, renderer, trustProxy }));
  app.route('/api', pasteManagementRoutes(pasteManage));
  app.route(
    '/api',
    storageConfigsRoutes({
      configs: storageConfigs,
      tests: new StorageConfigTestService(storageConfigs, storage, gate),
    }),
  );
  const multipart = new MultipartUploadService(uploads);
  app.route('/api', uploadsRoutes({ uploads, multipart, form: new FormUploadService(uploads), trustProxy }));
  const fetcher = new UrlFetchService({
    fetch: createGuardedFetch(urlFetchPolicy(config.urlFetch.allow)),
    maxUploadBytes: async () => (await settings.getSettings()).max_upload_size_bytes,
    timeoutMs: config.urlFetch.timeoutMs,
  });
  app.route('/api', urlUploadRoutes({ fetcher, uploads, multipart, trustProxy }));
  app.route(
    '/api',
    publicFilesRoutes({
      files: publicFiles,
      delivery: new FileDeliveryService(publicFiles, caches.s3Url),
      previews: new FilePreviewService(publicFiles, renderer),
      idempotency,
      trustProxy,
    }),
  );
  app.route('/api', blobRoutes(blobs));
  app.route('/api', fileManagementRoutes(fileShares, trustProxy));
  app.route('/api', fs.routes);
  app.route('/api', fsShareRoutes(new FsShareService(fs.access, repos, clock)));
  app.route('/api', cardImageRoutes(new CardImageService(repos, clock, storage)));
  app.route('/api', oembedRoutes(new OembedService(new SharePreviewService(repos, clock)), trustProxy));
  app.route('/api', thumbnails.routes(fs.access));
  app.route('/api', thumbnails.shareRoutes(repos, new UrlSigner(config.encryptionSecret, 'file-request-upload')));
  app.route(
    '/api',
    createFileRequestsModule({
      repos,
      fs: fs.requestUploads,
      limits,
      settings,
      limiterFactory,
      clock,
      config,
      logger,
      trustProxy,
    }),
  );
  // WebDAV: the mount tree at /dav, outside /api's CORS, compression and envelope.
  app.route(
    '/',
    createWebdavRoutes({
      repos,
      fs: fs.services,
      settings,
      sessions,
      apiKeys,
      trustProxy,
      clock,
      logger,
      blobDir: config.blobDir,
    }),
  );

  if (existsSync(staticDir)) {
    const previews = new FilePreviewService(publicFiles, renderer);
    const pages = new SharePageService(pasteViews, publicFiles, renderer, previews, loadSharePageRenderer);
    app.use(staticSite(staticDir, withSharePages(new SharePreviewService(repos, clock).headFor, pages)));
  } else logger.warn('web app not built: serving the API only', { staticDir });

  app.notFound(notFound);
  app.onError(handleError(logger));
  return app;
}
