import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { changePasswordRequestSchema, loginRequestSchema } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { clientIp } from '../../middleware/client-ip';
import type { AdminAccountService } from './admin-account.service';
import type { AdminSessionService } from './admin-session.service';
import { requireAdmin } from './auth-guard';

export type AdminAuthRouteDeps = {
  sessions: AdminSessionService;
  accounts: AdminAccountService;
  trustProxy: boolean;
};

const smallJson = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new AppError(ErrorCode.PayloadTooLarge, 'request body is too large');
  },
});

export function adminAuthRoutes({ sessions, accounts, trustProxy }: AdminAuthRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/admin/login', smallJson, async (c) => {
    const input = await readJson(c.req, loginRequestSchema);
    return ok(await sessions.login(input, clientIp(c, trustProxy)), 'logged in');
  });

  app.post('/admin/logout', async (c) => {
    await sessions.logout(requireAdmin(c.get('auth')));
    return ok(null, 'logged out');
  });

  app.post('/admin/change-password', smallJson, async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, changePasswordRequestSchema);
    const result = await accounts.changePassword(auth, input, clientIp(c, trustProxy));
    return ok(result, 'credentials changed, please log in again');
  });

  app.get('/test/admin-token', (c) => ok({ username: requireAdmin(c.get('auth')).username }, 'token valid'));

  return app;
}
