// POST /admin/fs/share and /user/fs/share ("Share…" in the explorer), from their shared definitions.
import { Hono } from 'hono';
import { adminFsShare, userFsShare } from '@shared/api/fs-share.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { FsShareService } from './fs-share.service';

export function fsShareRoutes(shares: FsShareService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const endpoint of [adminFsShare, userFsShare])
    route(app, endpoint, ({ auth, body }) => shares.share(auth, body));
  return app;
}
