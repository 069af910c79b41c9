import { Hono } from 'hono';
import { adminLogin, adminLogout, changeAdminPassword, checkAdminToken } from '@shared/api/auth.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { clientIp } from '@server/middleware/client-ip';
import type { AdminAccountService } from './admin-account.service';
import type { AdminSessionService } from './admin-session.service';

export type AdminAuthRouteDeps = {
  sessions: AdminSessionService;
  accounts: AdminAccountService;
  trustProxy: boolean;
};

export function adminAuthRoutes({ sessions, accounts, trustProxy }: AdminAuthRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, adminLogin, ({ body, c }) => sessions.login(body, clientIp(c, trustProxy)));
  route(app, adminLogout, async ({ auth }) => {
    await sessions.logout(auth);
    return null;
  });
  route(app, changeAdminPassword, ({ auth, body, c }) => accounts.changePassword(auth, body, clientIp(c, trustProxy)));
  route(app, checkAdminToken, ({ auth }) => ({ username: auth.username }));

  return app;
}
