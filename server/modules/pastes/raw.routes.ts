import { Hono } from 'hono';
import { httpStatusOf } from '@shared/errors';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../lib/app-error';
import { clientIp } from '../../middleware/client-ip';
import type { PasteViewService } from './paste-view.service';

const plainHeaders = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/** /api/raw/:slug answers with the bare text, and with plain-text errors, for curl and scripts. */
export function rawRoutes(views: PasteViewService, trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/raw/:slug', async (c) => {
    const slug = c.req.param('slug');
    const access = { password: c.req.query('password'), token: c.req.query('token') };
    try {
      // HEAD runs this handler too; it checks the paste without spending a view.
      if (c.req.method === 'HEAD') {
        await views.peek(slug);
        return new Response(null, { headers: plainHeaders });
      }
      const content = await views.raw(slug, access, clientIp(c, trustProxy));
      return new Response(content, { headers: { ...plainHeaders, 'content-disposition': `inline; filename="${slug}.txt"` } });
    } catch (error) {
      if (error instanceof AppError) return plainError(error);
      throw error;
    }
  });
  return app;
}

function plainError(error: AppError): Response {
  const { retryAfterSeconds } = error.details;
  const headers: Record<string, string> = { ...plainHeaders };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  return new Response(`${error.message}\n`, { status: httpStatusOf[error.code], headers });
}
