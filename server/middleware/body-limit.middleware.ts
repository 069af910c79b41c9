// The request body cap of /api routes not yet registered from an endpoint definition: 64 KiB of
// JSON. A route registered through `route()` applies its endpoint's own limit (or streams), so it
// is left to itself here.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '../app-env';
import { DEFAULT_BODY_LIMIT_BYTES, isEndpointRoute } from '../http/route';
import { AppError } from '../lib/app-error';

function limitOf(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(ErrorCode.PayloadTooLarge, `request body is larger than the ${maxBytes / 1024} KiB limit`);
    },
  });
}

export function defaultBodyLimit(maxBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler<AppEnv> {
  const fallback = limitOf(maxBytes);
  return async (c, next) => (isEndpointRoute(c) ? next() : fallback(c, next));
}
