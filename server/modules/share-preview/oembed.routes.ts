// GET /api/oembed, registered from its shared definition; the answer is oEmbed's JSON, not the envelope.
import { Hono } from 'hono';
import { oembed } from '@shared/api/share-card.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import type { OembedService } from './oembed.service';

export function oembedRoutes(service: OembedService, trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, oembed, async ({ query, c }) => {
    const answer = await service.answer(query, c.req.header('accept-language'), requestOrigin(c, trustProxy));
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    });
  });
  return app;
}
