import { Hono } from 'hono';
import { getSystemSettings, updateSystemSettings } from '@shared/api/settings.endpoints';
import { getMaxUploadSize } from '@shared/api/system.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { SystemSettingsService } from './system-settings.service';

export function systemSettingsRoutes(settings: SystemSettingsService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, getSystemSettings, () => settings.getSettings());
  route(app, updateSystemSettings, ({ auth, body, idempotent }) => settings.update(auth, body, idempotent));
  route(app, getMaxUploadSize, () => settings.maxUploadSize());

  return app;
}
