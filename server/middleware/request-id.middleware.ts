import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const saneId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes a caller's X-Request-Id when it is short and plain, otherwise makes one; echoes it back. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming !== undefined && saneId.test(incoming) ? incoming : randomUUID();
    c.set('reqId', id);
    await next();
    c.res.headers.set('X-Request-Id', id);
  };
}
