import { Hono, type Context } from 'hono';
import { createPaste, rawPaste, unlockPaste, viewPaste } from '@shared/api/paste.endpoints';
import {
  isLockedPaste,
  isRevealPending,
  pasteCreateInputSchema,
  type PasteCreateInput,
  type PasteViewAnswer,
} from '@shared/api/paste.schema';
import { ErrorCode, httpStatusOf } from '@shared/errors';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { AppError } from '@server/lib/app-error';
import { envelopeResponse } from '@server/lib/envelope';
import { plainCreated, wantsPlainText } from '@server/lib/plain-answer';
import type { HtmlRenderer } from '@server/lib/markdown/html-renderer';
import { readJson } from '@server/lib/read-json';
import { requestOrigin } from '@server/lib/signed-url';
import { clientIp } from '@server/middleware/client-ip';
import type { PasteViewService } from './paste-view.service';
import type { PasteService } from './paste.service';

export type PasteRouteDeps = {
  pastes: PasteService;
  views: PasteViewService;
  renderer: HtmlRenderer;
  trustProxy: boolean;
};

const plainHeaders = {
  'content-type': 'text/plain; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

export function pasteRoutes({ pastes, views, renderer, trustProxy }: PasteRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** With render=html, Markdown content also comes as sanitised HTML, or escaped with the reason it was not rendered. */
  const shown = async <V extends PasteViewAnswer>(view: V, render: 'html' | undefined): Promise<V> => {
    if (render !== 'html' || isLockedPaste(view) || isRevealPending(view) || view.format !== 'markdown' || view.e2ee)
      return view;
    const rendered = await renderer.markdown(view.content);
    return rendered === undefined ? view : { ...view, ...rendered };
  };

  route(
    app,
    createPaste,
    async ({ auth, body, idempotent, c }) => {
      const context = { ip: clientIp(c, trustProxy), origin: requestOrigin(c, trustProxy), idempotent };
      const result = await pastes.create(auth, body, context);
      if (wantsPlainText(c.req.header('accept'))) return plainCreated(result.url);
      return envelopeResponse(201, 'paste created', result);
    },
    { readBody: readPasteInput },
  );

  route(app, viewPaste, async ({ auth, params, query, c }) => {
    // HEAD runs this handler too; it checks the paste without spending a view.
    if (c.req.method === 'HEAD') {
      await views.peek(params.slug);
      return new Response(null, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
    }
    if (query.reveal === 'editor') return shown(await views.editorView(params.slug, auth), query.render);
    return shown(await views.view(params.slug, auth, query.reveal === 'ask'), query.render);
  });

  route(app, unlockPaste, async ({ auth, params, query, body, c }) =>
    shown(await views.unlock(params.slug, body.password, auth, clientIp(c, trustProxy)), query.render),
  );

  route(app, rawPaste, async ({ params: { slug }, query, c }) => {
    try {
      if (c.req.method === 'HEAD') {
        await views.peek(slug);
        return new Response(null, { headers: plainHeaders });
      }
      const content = await views.raw(slug, query, clientIp(c, trustProxy));
      return new Response(content, {
        headers: { ...plainHeaders, 'content-disposition': `inline; filename="${slug}.txt"` },
      });
    } catch (error) {
      if (error instanceof AppError) return plainError(error);
      throw error;
    }
  });

  return app;
}

/** JSON with every option, or a text/plain body that is the content and nothing else. */
async function readPasteInput(c: Context<AppEnv>): Promise<PasteCreateInput> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/plain') return pasteCreateInputSchema.parse({ content: await c.req.text() });
  if (type === 'application/json' || type === '') return readJson(c.req, pasteCreateInputSchema);
  throw new AppError(ErrorCode.BadRequest, 'Content-Type must be application/json or text/plain');
}

/** /api/raw answers curl and scripts with plain-text errors. */
function plainError(error: AppError): Response {
  const { retryAfterSeconds } = error.details;
  const headers: Record<string, string> = { ...plainHeaders };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  return new Response(`${error.message}\n`, { status: httpStatusOf[error.code], headers });
}
