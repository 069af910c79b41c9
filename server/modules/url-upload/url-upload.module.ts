// URL uploads: the server fetches a link through the one address guard (URL_FETCH_ALLOW opens
// private addresses) and hands it to the share upload's steps.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Config } from '@server/config';
import { createGuardedFetch } from '@server/lib/net/guarded-fetch';
import { urlFetchPolicy } from '@server/lib/net/url-fetch-policy';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import type { MultipartUploadService } from '@server/modules/uploads/upload-multipart.service';
import type { UploadService } from '@server/modules/uploads/upload.service';
import { UrlFetchService } from './url-fetch.service';
import { urlUploadRoutes } from './url-upload.routes';

export type UrlUploadModuleDeps = {
  urlFetch: Config['urlFetch'];
  settings: SystemSettingsService;
  uploads: UploadService;
  multipart: MultipartUploadService;
  trustProxy: boolean;
};

export function createUrlUploadModule({
  urlFetch,
  settings,
  uploads,
  multipart,
  trustProxy,
}: UrlUploadModuleDeps): Hono<AppEnv> {
  const fetcher = new UrlFetchService({
    fetch: createGuardedFetch(urlFetchPolicy(urlFetch.allow)),
    maxUploadBytes: async () => (await settings.getSettings()).max_upload_size_bytes,
    timeoutMs: urlFetch.timeoutMs,
  });
  return urlUploadRoutes({ fetcher, uploads, multipart, trustProxy });
}
