// Builds the file-request services from the composition root's pieces and answers their routes;
// webhooks go through the same address guard (and URL_FETCH_ALLOW) as URL uploads, sent by a
// background worker the server starts and stops with its other background jobs.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { BackgroundJob } from '@server/app';
import { processLocks, type ClusterLocks } from '@server/cluster/cluster-locks';
import type { Config } from '@server/config';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { createGuardedFetch } from '@server/lib/net/guarded-fetch';
import { urlFetchPolicy } from '@server/lib/net/url-fetch-policy';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import { UrlSigner } from '@server/lib/signed-url';
import { createPasswordLimiters } from '@server/lib/share-password-limits';
import type { OwnerLookupService } from '@server/modules/auth/owner-lookup.service';
import type { FsRequestUploads } from '@server/modules/fs/fs.module';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import type { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import { FileRequestPublicService } from './file-request-public.service';
import { FileRequestUploadService } from './file-request-upload.service';
import { FileRequestService } from './file-request.service';
import { FileRequestWebhook } from './file-request-webhook';
import { FileRequestDeliveryWorker } from './file-request-delivery-worker';
import { fileRequestRoutes } from './file-requests.routes';

export type FileRequestsModuleDeps = {
  repos: Repositories;
  /** Who a request's maker is now (an upload through the request acts as them). */
  owners: OwnerLookupService;
  fs: FsRequestUploads;
  limits: UploadLimits;
  settings: SystemSettingsService;
  limiterFactory: LimiterFactory;
  clock: Clock;
  config: Pick<Config, 'encryptionSecret' | 'urlFetch'>;
  logger: Logger;
  trustProxy: boolean;
  /** Where the delivery worker joins the jobs the server starts after listening. */
  background?: BackgroundJob[];
  /** The cluster's locks: one instance at a time drains the deliveries. */
  locks?: ClusterLocks;
};

export function createFileRequestsModule({
  repos,
  owners,
  fs,
  limits,
  settings,
  limiterFactory,
  clock,
  config,
  logger,
  trustProxy,
  background,
  locks = processLocks,
}: FileRequestsModuleDeps): Hono<AppEnv> {
  const webhook = new FileRequestWebhook(config.encryptionSecret);
  const worker = new FileRequestDeliveryWorker({
    deliveries: repos.fileRequests.deliveries,
    fetch: createGuardedFetch(urlFetchPolicy(config.urlFetch.allow)),
    secretOf: (id) => webhook.secretOf(id),
    clock,
    logger,
    locks,
    alone: locks === processLocks,
  });
  webhook.onQueued(() => worker.wake());
  background?.push(worker);
  const publicRequests = new FileRequestPublicService(
    repos,
    owners,
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
