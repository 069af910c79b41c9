import type { HttpBindings } from '@hono/node-server';
import type { Auth } from './modules/auth/auth.types';

/** Hono typing for this app: Node bindings plus the per-request variables set by middleware. */
export type AppEnv = {
  Bindings: HttpBindings;
  Variables: { reqId: string; auth: Auth };
};
