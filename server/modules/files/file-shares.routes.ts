// File-share management: the same routes under /admin/files (the admin, every share) and
// /user/files (the admin or a key with file permission, which sees only the shares it created).
import { Hono } from 'hono';
import { adminFileEndpoints, userFileEndpoints } from '@shared/api/file.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import type { FileShareService } from './file-share.service';

export function fileManagementRoutes(shares: FileShareService, trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const endpoints of [adminFileEndpoints, userFileEndpoints]) {
    route(app, endpoints.list, ({ auth, query }) => shares.list(auth, query));
    route(app, endpoints.removeMany, ({ auth, body }) => shares.removeMany(auth, body.ids));
    route(app, endpoints.get, ({ auth, params, c }) => shares.get(auth, params.id, requestOrigin(c, trustProxy)));
    route(app, endpoints.update, ({ auth, params, body }) => shares.update(auth, params.id, body));
    route(app, endpoints.remove, ({ auth, params }) => shares.remove(auth, params.id));
  }
  return app;
}
