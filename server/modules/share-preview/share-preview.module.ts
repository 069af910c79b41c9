// What a link shows before anyone opens it, never spending a view: the share page's title,
// description and card tags, the card image, and oEmbed.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { cardImageRoutes } from './card-image.routes';
import { CardImageService } from './card-image.service';
import { oembedRoutes } from './oembed.routes';
import { OembedService } from './oembed.service';
import { SharePreviewService } from './share-preview.service';
import type { CardPosters } from './card-posters';

export type SharePreviewModuleDeps = {
  repos: Repositories;
  clock: Clock;
  storage: StorageRegistry;
  trustProxy: boolean;
  /** The thumbnails domain's stored large thumbnails, for cards scaled from one (a video's poster). */
  posters: CardPosters;
};

export function createSharePreviewModule({ repos, clock, storage, trustProxy, posters }: SharePreviewModuleDeps) {
  const previews = new SharePreviewService(repos, clock, posters);
  const routes = new Hono<AppEnv>();
  routes.route('/', cardImageRoutes(new CardImageService(repos, clock, storage, posters)));
  routes.route('/', oembedRoutes(new OembedService(previews), trustProxy));
  return { headFor: previews.headFor, routes };
}
