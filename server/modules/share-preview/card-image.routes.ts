// GET /api/card-image/:slug, registered from its shared definition.
import { Hono } from 'hono';
import { cardImage } from '@shared/api/share-card.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { CardImageService } from './card-image.service';

export function cardImageRoutes(images: CardImageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, cardImage, async ({ params }) => {
    const image = await images.image(params.slug);
    return new Response(new Uint8Array(image.body), { status: 200, headers: image.headers });
  });
  return app;
}
