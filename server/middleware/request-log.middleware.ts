// One JSON line per request with only method, path (no query string), status and duration.
// Health checks log at debug so load balancers polling them do not flood the log.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Logger } from '@server/lib/logger';

const quietPaths = new Set(['/api/health']);

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const debug = logger.enabled('debug');
  const info = logger.enabled('info');
  return async (c, next) => {
    // With the level off, nothing is timed or read: the line would not be written.
    if (!info) return next();
    const path = c.req.path;
    const level = quietPaths.has(path) ? 'debug' : 'info';
    if (level === 'debug' && !debug) return next();
    const started = performance.now();
    await next();
    logger[level]('request', {
      reqId: c.get('reqId'),
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  };
}
