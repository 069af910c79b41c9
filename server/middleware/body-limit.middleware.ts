// The default request body cap for /api/*: 64 KiB of JSON. Streams (/upload, /blob) and the
// routes that set a larger limit of their own (paste create and update) are left to themselves.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ErrorCode } from '../../src/shared/errors';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

const ownLimit: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/upload\/?$/ },
  { method: 'PUT', path: /^\/api\/blob\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/api\/paste\/?$/ },
  { method: 'PUT', path: /^\/api\/(admin|user)\/pastes\/[^/]+\/?$/ },
];

export function defaultBodyLimit(maxBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(ErrorCode.PayloadTooLarge, `request body is larger than the ${maxBytes / 1024} KiB limit`);
    },
  });
  return async (c, next) => {
    if (ownLimit.some(({ method, path }) => c.req.method === method && path.test(c.req.path))) return next();
    return limit(c, next);
  };
}
