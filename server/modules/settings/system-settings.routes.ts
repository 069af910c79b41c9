import { Hono } from 'hono';
import { updateSystemSettingsRequestSchema } from '@shared/api/settings.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requireAdmin } from '../auth/auth-guard';
import type { SystemSettingsService } from './system-settings.service';

export function systemSettingsRoutes(settings: SystemSettingsService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/system-settings', async (c) => {
    requireAdmin(c.get('auth'));
    return ok(await settings.getSettings());
  });

  app.put('/admin/system-settings', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, updateSystemSettingsRequestSchema);
    return ok(await settings.update(auth, input), 'settings updated');
  });

  app.get('/system/max-upload-size', async () => ok(await settings.maxUploadSize()));

  return app;
}
