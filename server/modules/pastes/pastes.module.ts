// Pastes: creating, reading (with its password, view limit and rendering) and managing them.
// The share pages read pastes through the same view service.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { HtmlRenderer } from '@server/lib/markdown/html-renderer';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import type { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import { createPasteLimiters } from './paste-access.service';
import { pasteManagementRoutes } from './paste-management.routes';
import { PasteManageService } from './paste-manage.service';
import { pasteRoutes } from './paste.routes';
import { PasteTokenService } from './paste-token.service';
import { PasteViewService } from './paste-view.service';
import { PasteService } from './paste.service';

export type PastesModuleDeps = {
  repos: Repositories;
  clock: Clock;
  limiterFactory: LimiterFactory;
  idempotency: IdempotencyStore;
  renderer: HtmlRenderer;
  encryptionSecret: string;
  trustProxy: boolean;
};

export function createPastesModule(deps: PastesModuleDeps) {
  const { repos, clock, idempotency, renderer, trustProxy } = deps;
  const limiters = createPasteLimiters(deps.limiterFactory);
  const pastes = new PasteService(repos, clock, limiters, idempotency);
  const tokens = new PasteTokenService(deps.encryptionSecret, clock);
  const views = new PasteViewService(repos, clock, tokens, limiters);
  const routes = new Hono<AppEnv>();
  routes.route('/', pasteRoutes({ pastes, views, renderer, trustProxy }));
  routes.route('/', pasteManagementRoutes(new PasteManageService(repos, clock, idempotency)));
  return { views, routes };
}
