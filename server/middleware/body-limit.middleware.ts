// The request body cap for /api/*: 64 KiB of JSON by default. The part lists of a multipart
// upload (up to 10,000 parts) get a larger cap; streams (/upload, /blob, the explorer's uploads)
// and the routes that set a limit of their own (paste create and update, explorer edits) are left to themselves.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** 10,000 parts of `{"partNumber":10000,"etag":"\"<multipart etag>\""}` stay well below this. */
export const PART_LIST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

type RouteLimit = { method: string; path: RegExp; maxBytes: number | 'own' };

const routeLimits: readonly RouteLimit[] = [
  { method: 'POST', path: /^\/api\/upload\/?$/, maxBytes: 'own' },
  { method: 'PUT', path: /^\/api\/blob\/[^/]+\/?$/, maxBytes: 'own' },
  { method: 'POST', path: /^\/api\/paste\/?$/, maxBytes: 'own' },
  { method: 'PUT', path: /^\/api\/(admin|user)\/pastes\/[^/]+\/?$/, maxBytes: 'own' },
  { method: 'POST', path: /^\/api\/s3\/multipart\/(complete|urls)\/?$/, maxBytes: PART_LIST_BODY_LIMIT_BYTES },
  // The explorer's streamed uploads, and the calls whose endpoint sets a larger cap of its own.
  { method: 'POST', path: /^\/api\/(admin|user)\/fs\/(upload|update|batch-remove|multipart\/(part|urls|complete))\/?$/, maxBytes: 'own' },
];

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
  const limits = new Map(routeLimits.map((route) => [route, route.maxBytes === 'own' ? null : limitOf(route.maxBytes)]));
  return async (c, next) => {
    const route = routeLimits.find(({ method, path }) => c.req.method === method && path.test(c.req.path));
    if (route === undefined) return fallback(c, next);
    const limit = limits.get(route);
    return limit === undefined || limit === null ? next() : limit(c, next);
  };
}
