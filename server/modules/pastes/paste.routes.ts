import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PASTE_MAX_BYTES, pasteCreateInputSchema, pasteUnlockInputSchema, type PasteCreateInput } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../lib/app-error';
import { envelopeResponse, ok } from '../../lib/envelope';
import { hashRequestBody, IDEMPOTENCY_HEADER, parseIdempotencyKey, type IdempotentRequest } from '../idempotency/idempotency';
import { readJson } from '../../lib/read-json';
import { requestOrigin } from '../../lib/signed-url';
import { clientIp } from '../../middleware/client-ip';
import type { PasteViewService } from './paste-view.service';
import type { PasteService } from './paste.service';

export type PasteRouteDeps = { pastes: PasteService; views: PasteViewService; trustProxy: boolean };

/** JSON escaping can double the content; the byte limit on the content itself is checked after parsing. */
export const pasteBodyLimit = bodyLimit({
  maxSize: 2 * PASTE_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError(ErrorCode.PayloadTooLarge, 'request body is larger than the paste limit of 1 MiB');
  },
});

export function pasteRoutes({ pastes, views, trustProxy }: PasteRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/paste', pasteBodyLimit, async (c) => {
    const context = { ip: clientIp(c, trustProxy), origin: requestOrigin(c, trustProxy), idempotent: await idempotentRequest(c) };
    const result = await pastes.create(c.get('auth'), await readPasteInput(c), context);
    if (wantsPlainText(c.req.header('accept'))) return plainCreated(`${result.url}\n`);
    return envelopeResponse(201, 'paste created', result);
  });

  app.get('/paste/:slug', async (c) => {
    // HEAD runs this handler too; it checks the paste without spending a view.
    if (c.req.method === 'HEAD') {
      await views.peek(c.req.param('slug'));
      return new Response(null, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
    }
    return ok(await views.view(c.req.param('slug'), c.get('auth')));
  });

  app.post('/paste/:slug', async (c) => {
    const { password } = await readJson(c.req, pasteUnlockInputSchema);
    return ok(await views.unlock(c.req.param('slug'), password, c.get('auth'), clientIp(c, trustProxy)));
  });

  return app;
}

/** The Idempotency-Key and a hash of the raw body (read once; Hono keeps it for the parser). */
async function idempotentRequest(c: Context<AppEnv>): Promise<IdempotentRequest | undefined> {
  const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  return key === undefined ? undefined : { key, bodyHash: hashRequestBody(await c.req.arrayBuffer()) };
}

/** JSON with every option, or a text/plain body that is the content and nothing else. */
async function readPasteInput(c: Context<AppEnv>): Promise<PasteCreateInput> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/plain') return pasteCreateInputSchema.parse({ content: await c.req.text() });
  if (type === 'application/json' || type === '') return readJson(c.req, pasteCreateInputSchema);
  throw new AppError(ErrorCode.BadRequest, 'Content-Type must be application/json or text/plain');
}

function wantsPlainText(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/plain') && !accept.includes('json');
}

function plainCreated(body: string): Response {
  return new Response(body, { status: 201, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
