// The composition root: builds services from the injected database, clock and logger, then
// mounts middleware and routes. No I/O happens here beyond checking the static folder exists.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from './app-env';
import type { Config } from './config';
import type { Database } from './db/schema';
import { CacheRegistry } from './lib/cache/cache-registry';
import { apiCors } from './middleware/cors.middleware';
import { systemClock, type Clock } from './lib/clock';
import { IdempotencyStore } from './lib/idempotency';
import type { Logger } from './lib/logger';
import { UrlSigner } from './lib/signed-url';
import { authenticate } from './middleware/auth.middleware';
import { defaultBodyLimit } from './middleware/body-limit.middleware';
import { handleError, notFound } from './middleware/error.middleware';
import { requestId } from './middleware/request-id.middleware';
import { requestLog } from './middleware/request-log.middleware';
import { staticSite } from './middleware/static-site.middleware';
import { adminAuthRoutes } from './routes/admin-auth.routes';
import { adminPastesRoutes } from './routes/admin-pastes.routes';
import { blobRoutes } from './routes/blob.routes';
import { officePreviewRoutes } from './routes/office-preview.routes';
import { publicFilesRoutes } from './routes/public-files.routes';
import { storageConfigsRoutes } from './routes/storage-configs.routes';
import { uploadsRoutes } from './routes/uploads.routes';
import { apiKeyAuthRoutes } from './routes/api-key-auth.routes';
import { apiKeysRoutes } from './routes/api-keys.routes';
import { cacheRoutes } from './routes/cache.routes';
import { dashboardRoutes } from './routes/dashboard.routes';
import { adminFilesRoutes, userFilesRoutes } from './routes/file-shares.routes';
import { mountsRoutes } from './routes/mounts.routes';
import { pasteRoutes } from './routes/paste.routes';
import { rawRoutes } from './routes/raw.routes';
import { systemSettingsRoutes } from './routes/system-settings.routes';
import { systemRoutes } from './routes/system.routes';
import { userMountsRoutes } from './routes/user-mounts.routes';
import { userPastesRoutes } from './routes/user-pastes.routes';
import { AdminAccountService } from './services/admin-account.service';
import { AdminSessionService } from './services/admin-session.service';
import { ApiKeyAdminService } from './services/api-key-admin.service';
import { ApiKeyAuthService } from './services/api-key-auth.service';
import { createAuthLimiters } from './services/auth-limits';
import { CacheService } from './services/cache.service';
import { DashboardService } from './services/dashboard.service';
import { FileShareService } from './services/file-share.service';
import { MountService } from './services/mount.service';
import { createPasteLimiters } from './services/paste-access.service';
import { createPasswordLimiters } from './services/password-limits';
import { PasteManageService } from './services/paste-manage.service';
import { PasteTokenService } from './services/paste-token.service';
import { PasteViewService } from './services/paste-view.service';
import { PasteService } from './services/paste.service';
import { FileDeliveryService } from './services/public-file-delivery.service';
import { PublicFileService } from './services/public-file.service';
import { StorageConfigTestService } from './services/storage-config-test.service';
import { StorageConfigService } from './services/storage-config.service';
import { SystemSettingsService } from './services/system-settings.service';
import { SystemService } from './services/system.service';
import { FormUploadService } from './services/upload-form.service';
import { UploadGate } from './services/upload-gate';
import { UploadLimits } from './services/upload-limits.service';
import { MultipartUploadService } from './services/upload-multipart.service';
import { UploadService } from './services/upload.service';
import { LocalBlobEndpoint } from './storage/local-blob-endpoint';
import { createStorageRegistry, type StorageRegistry } from './storage/storage-registry';

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
};

export function createApp({
  db,
  config,
  logger,
  clock = systemClock,
  staticDir = defaultStaticDir,
  caches = new CacheRegistry(clock),
  storage = createStorageRegistry(config, clock),
}: AppDeps): Hono<AppEnv> {
  const limiters = createAuthLimiters(clock);
  const sessions = new AdminSessionService(db, clock, limiters);
  const accounts = new AdminAccountService(db, clock, limiters);
  const apiKeys = new ApiKeyAuthService(db, clock, limiters);
  const system = new SystemService(db, config.database.kind, clock);
  const settings = new SystemSettingsService(db, clock);
  const mounts = new MountService(db, clock, caches);
  const pasteLimiters = createPasteLimiters(clock);
  const pastes = new PasteService(db, clock, pasteLimiters, new IdempotencyStore(db, clock));
  const pasteViews = new PasteViewService(db, clock, new PasteTokenService(config.encryptionSecret, clock), pasteLimiters);
  const pasteManage = new PasteManageService(db, clock);
  const { trustProxy } = config;
  const storageConfigs = new StorageConfigService(db, clock, storage.deps.box, storage, caches);
  const uploads = new UploadService(db, clock, storageConfigs, storage, new UploadLimits(db, config.database.kind, settings));
  const fileAccess = new UrlSigner(config.encryptionSecret, 'file-access');
  const publicFiles = new PublicFileService(db, clock, storage, fileAccess, createPasswordLimiters(clock));
  const fileShares = new FileShareService(db, clock, publicFiles);
  const gate = new UploadGate(uploads.files);
  const blobs = new LocalBlobEndpoint(storageConfigs.repo, storage, storage.deps.blobSigner, clock, gate);

  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLog(logger));
  app.use('/api/*', apiCors());
  app.use('/api/*', defaultBodyLimit());
  app.use('/api/*', authenticate({ sessions, apiKeys, trustProxy }));

  app.route('/api', systemRoutes(system));
  app.route('/api', adminAuthRoutes({ sessions, accounts, trustProxy }));
  app.route('/api', apiKeyAuthRoutes(apiKeys));
  app.route('/api', apiKeysRoutes(new ApiKeyAdminService(db, clock)));
  app.route('/api', mountsRoutes(mounts));
  app.route('/api', userMountsRoutes(mounts));
  app.route('/api', systemSettingsRoutes(settings));
  app.route('/api', cacheRoutes(new CacheService(db, caches, mounts, clock)));
  app.route('/api', dashboardRoutes(new DashboardService(db, clock, caches)));
  app.route('/api', pasteRoutes({ pastes, views: pasteViews, trustProxy }));
  app.route('/api', rawRoutes(pasteViews, trustProxy));
  app.route('/api', adminPastesRoutes(pasteManage));
  app.route('/api', userPastesRoutes(pasteManage));
  app.route('/api', storageConfigsRoutes({ configs: storageConfigs, tests: new StorageConfigTestService(storageConfigs, storage, gate) }));
  app.route('/api', uploadsRoutes({ uploads, multipart: new MultipartUploadService(uploads), form: new FormUploadService(uploads), trustProxy }));
  app.route('/api', publicFilesRoutes({ files: publicFiles, delivery: new FileDeliveryService(publicFiles, caches.s3Url), trustProxy }));
  app.route('/api', officePreviewRoutes(publicFiles, trustProxy));
  app.route('/api', blobRoutes(blobs));
  app.route('/api', adminFilesRoutes(fileShares, trustProxy));
  app.route('/api', userFilesRoutes(fileShares, trustProxy));

  if (existsSync(staticDir)) app.use(staticSite(staticDir));
  else logger.warn('web app not built: serving the API only', { staticDir });

  app.notFound(notFound);
  app.onError(handleError(logger));
  return app;
}
