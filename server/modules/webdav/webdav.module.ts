// Builds WebDAV's pieces on the explorer's services: the same file system and rules, with
// WebDAV's own authentication, locks and dead properties on top.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import type { AdminSessionService } from '@server/modules/auth/admin-session.service';
import type { ApiKeyAuthService } from '@server/modules/auth/api-key-auth.service';
import type { FsServices } from '@server/modules/fs/fs.module';
import type { MountService } from '@server/modules/mounts/mount.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import { WebdavAuth } from './webdav-auth';
import { WebdavCrossCopy } from './webdav-cross-copy';
import { WebdavLocks } from './webdav-locks';
import { WebdavMethods } from './webdav-methods';
import { WebdavProps } from './webdav-props';
import { WebdavQuota } from './webdav-quota';
import { webdavRoutes } from './webdav.routes';

export type WebdavModuleDeps = {
  repos: Repositories;
  fs: FsServices;
  /** Mounts and their storage configs, for the quota properties. */
  mounts: MountService;
  configs: StorageConfigLookupService;
  settings: SystemSettingsService;
  sessions: AdminSessionService;
  apiKeys: ApiKeyAuthService;
  trustProxy: boolean;
  clock: Clock;
  logger: Logger;
  /** The local driver's folder, whose disk's free space is the quota of a local storage without one. */
  blobDir?: string;
};

export function createWebdavRoutes({
  repos,
  fs,
  mounts,
  configs,
  settings,
  sessions,
  apiKeys,
  trustProxy,
  clock,
  logger,
  blobDir,
}: WebdavModuleDeps): Hono<AppEnv> {
  const locks = new WebdavLocks(repos, clock);
  const props = new WebdavProps(fs.browse, repos, locks, new WebdavQuota(mounts, configs, blobDir));
  const methods = new WebdavMethods({ fs, props, locks, settings, repos, cross: new WebdavCrossCopy(fs, settings) });
  return webdavRoutes({ auth: new WebdavAuth({ sessions, apiKeys, trustProxy }), methods, props, locks, logger });
}
