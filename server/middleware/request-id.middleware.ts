import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';

const saneId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Takes a caller's X-Request-Id when it is short and plain, otherwise makes one; echoes it back.
 * The header goes on the Node response, which merges it into whatever answer follows: setting it
 * on the Web Response would build undici Headers for every request (hot paths).
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const incoming = c.env.incoming.headers['x-request-id'];
    const id = typeof incoming === 'string' && saneId.test(incoming) ? incoming : randomUUID();
    c.set('reqId', id);
    c.env.outgoing.setHeader('X-Request-Id', id);
    return next();
  };
}
