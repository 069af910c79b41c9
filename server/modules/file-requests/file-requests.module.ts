// Builds the file-request services from the composition root's pieces and answers their routes;
// webhooks go through the same address guard (and URL_FETCH_ALLOW) as URL uploads.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Config } from '@server/config';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { createGuardedFetch } from '@server/lib/net/guarded-fetch';
import { urlFetchPolicy } from '@server/lib/net/url-fetch-policy';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import { UrlSigner } from '@server/lib/signed-url';
import { createPasswordLimiters } from '@server/lib/share-password-limits';
import type { FsRequestUploads } from '@server/modules/fs/fs.module';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import type { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import { FileRequestPublicService } from './file-request-public.service';
import { FileRequestUploadService } from './file-request-upload.service';
import { FileRequestService } from './file-request.service';
import { FileRequestWebhook } from './file-request-webhook';
import { fileRequestRoutes } from './file-requests.routes';

export type FileRequestsModuleDeps = {
  repos: Repositories;
  fs: FsRequestUploads;
  limits: UploadLimits;
  settings: SystemSettingsService;
  limiterFactory: LimiterFactory;
  clock: Clock;
  config: Pick<Config, 'encryptionSecret' | 'urlFetch'>;
  logger: Logger;
  trustProxy: boolean;
};

export function createFileRequestsModule({
  repos,
  fs,
  limits,
  settings,
  limiterFactory,
  clock,
  config,
  logger,
  trustProxy,
}: FileRequestsModuleDeps): Hono<AppEnv> {
  const webhook = new FileRequestWebhook(
    createGuardedFetch(urlFetchPolicy(config.urlFetch.allow)),
    config.encryptionSecret,
    logger,
  );
  const publicRequests = new FileRequestPublicService(
    repos,
    fs.core.access,
    limits,
    new UrlSigner(config.encryptionSecret, 'file-request-upload'),
    createPasswordLimiters(limiterFactory, 'file-request'),
    clock,
  );
  return fileRequestRoutes({
    requests: new FileRequestService(repos, fs.core.access, settings, clock, webhook),
    publicRequests,
    uploads: new FileRequestUploadService(repos, publicRequests, fs, clock, webhook),
    trustProxy,
  });
}
