// Cross-origin access to /api/*, so a web app served from another address (the admin's
// environment switcher, a separate static host) can use this server. Credentials travel in the
// Authorization header, never in cookies, so any origin may call; no request carries ambient
// authority. Local-driver blob uploads need ETag exposed, downloads the range headers.
// Requests without an Origin header (same-origin reads, curl) pass through untouched.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import { IDEMPOTENCY_HEADER } from '@server/modules/idempotency/idempotency.service';

const preflight = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': `authorization, content-type, ${IDEMPOTENCY_HEADER}, range`,
  'access-control-max-age': '600',
};
const exposed = 'etag, content-range, content-length, content-disposition, retry-after, x-request-id';

export function apiCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('origin') === undefined) return next();
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      return new Response(null, { status: 204, headers: preflight });
    }
    // On the Node response, merged into any answer: no Web Headers built per request.
    c.env.outgoing.setHeader('access-control-allow-origin', '*');
    c.env.outgoing.setHeader('access-control-expose-headers', exposed);
    return next();
  };
}
