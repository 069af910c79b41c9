// File shares once uploaded: the public page's calls (info, password, preview, view and download
// with the paid-view rules) and the admin's and keys' management of them.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { HtmlRenderer } from '@server/lib/markdown/html-renderer';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import { UrlSigner } from '@server/lib/signed-url';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { FilePreviewService } from './file-preview.service';
import { FileShareService } from './file-share.service';
import { fileManagementRoutes } from './file-shares.routes';
import { createPasswordLimiters } from '@server/lib/share-password-limits';
import { FileDeliveryService } from './public-file-delivery.service';
import { PublicFileService } from './public-file.service';
import { publicFilesRoutes } from './public-files.routes';

export type FilesModuleDeps = {
  repos: Repositories;
  /** The storage-configs domain's reads: a share's config, for its links and bytes. */
  configs: StorageConfigLookupService;
  clock: Clock;
  storage: StorageRegistry;
  caches: CacheRegistry;
  limiterFactory: LimiterFactory;
  idempotency: IdempotencyStore;
  renderer: HtmlRenderer;
  encryptionSecret: string;
  trustProxy: boolean;
  /** Takes a removed share's object out of the explorer's index. */
  unindex: (configId: string, key: string) => Promise<void>;
};

export function createFilesModule(deps: FilesModuleDeps) {
  const { repos, clock, storage, renderer, trustProxy } = deps;
  const files = new PublicFileService(
    repos,
    deps.configs,
    clock,
    storage,
    new UrlSigner(deps.encryptionSecret, 'file-access'),
    createPasswordLimiters(deps.limiterFactory, 'file'),
    deps.unindex,
  );
  const previews = new FilePreviewService(files, renderer);
  const routes = new Hono<AppEnv>();
  routes.route(
    '/',
    publicFilesRoutes({
      files,
      delivery: new FileDeliveryService(files, deps.caches.s3Url),
      previews,
      idempotency: deps.idempotency,
      trustProxy,
    }),
  );
  routes.route('/', fileManagementRoutes(new FileShareService(repos, clock, files), trustProxy));
  return { files, previews, routes };
}
