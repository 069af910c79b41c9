// The admin's settings, told to every instance over the bus when they change.
import type { CacheBus } from '@server/cluster/cache-bus';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import { systemSettingsRoutes } from './system-settings.routes';
import { SystemSettingsService } from './system-settings.service';

export type SettingsModuleDeps = { repos: Repositories; clock: Clock; idempotency: IdempotencyStore; bus: CacheBus };

export function createSettingsModule({ repos, clock, idempotency, bus }: SettingsModuleDeps) {
  const settings = new SystemSettingsService(repos, clock, idempotency, bus);
  return { settings, routes: systemSettingsRoutes(settings) };
}
