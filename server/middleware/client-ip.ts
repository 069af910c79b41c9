import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '@server/app-env';

/** The caller's address. X-Forwarded-For is only believed behind a proxy (TRUST_PROXY=true). */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded !== undefined && forwarded !== '') return forwarded;
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}
