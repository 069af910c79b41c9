// Builds the file-request services from the composition root's pieces and answers their routes.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Config } from '@server/config';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import { UrlSigner } from '@server/lib/signed-url';
import { createPasswordLimiters } from '@server/modules/files/password-limits';
import type { FsRequestUploads } from '@server/modules/fs/fs.module';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import type { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import { FileRequestPublicService } from './file-request-public.service';
import { FileRequestUploadService } from './file-request-upload.service';
import { FileRequestService } from './file-request.service';
import { fileRequestRoutes } from './file-requests.routes';

export type FileRequestsModuleDeps = {
  repos: Repositories;
  fs: FsRequestUploads;
  limits: UploadLimits;
  settings: SystemSettingsService;
  limiterFactory: LimiterFactory;
  clock: Clock;
  config: Pick<Config, 'encryptionSecret'>;
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
  trustProxy,
}: FileRequestsModuleDeps): Hono<AppEnv> {
  const publicRequests = new FileRequestPublicService(
    repos,
    fs.core.access,
    limits,
    new UrlSigner(config.encryptionSecret, 'file-request-upload'),
    createPasswordLimiters(limiterFactory, 'file-request'),
    clock,
  );
  return fileRequestRoutes({
    requests: new FileRequestService(repos, fs.core.access, settings, clock),
    publicRequests,
    uploads: new FileRequestUploadService(repos, publicRequests, fs, clock),
    trustProxy,
  });
}
