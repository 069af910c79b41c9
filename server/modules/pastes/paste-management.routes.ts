// Paste management: /admin/pastes reaches every paste, /user/pastes only the key's own (any other
// paste is reported missing).
import { Hono } from 'hono';
import {
  adminPasteEndpoints,
  clearExpiredPastes,
  listAdminPastes,
  listUserPastes,
  userPasteEndpoints,
} from '@shared/api/paste.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { ownerFilterOf } from './paste-access.service';
import type { PasteManageService } from './paste-manage.service';

export function pasteManagementRoutes(manage: PasteManageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, listAdminPastes, ({ query }) => manage.page('all', query));
  route(app, clearExpiredPastes, ({ idempotent }) => manage.clearExpired(idempotent));
  route(app, listUserPastes, ({ auth, query }) => manage.slice(ownerFilterOf(auth), query));

  for (const endpoints of [adminPasteEndpoints, userPasteEndpoints]) {
    route(app, endpoints.removeMany, ({ auth, body, idempotent }) =>
      manage.removeMany(ownerFilterOf(auth), body.ids, idempotent),
    );
    route(app, endpoints.get, ({ auth, params }) => manage.get(ownerFilterOf(auth), params.id));
    route(app, endpoints.update, ({ auth, params, body, idempotent }) =>
      manage.update(ownerFilterOf(auth), params.id, body, idempotent),
    );
    route(app, endpoints.remove, ({ auth, params, idempotent }) =>
      manage.remove(ownerFilterOf(auth), params.id, idempotent),
    );
  }
  return app;
}
