// What a link shows before anyone opens it, never spending a view: the share page's title,
// description and card tags, the card image, and oEmbed.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { PasteViewService } from '@server/modules/pastes/paste-view.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { Clock } from '@server/lib/clock';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { cardImageRoutes } from './card-image.routes';
import { CardImageService } from './card-image.service';
import { oembedRoutes } from './oembed.routes';
import { OembedService } from './oembed.service';
import { SharePreviewService } from './share-preview.service';
import type { CardPosters } from './card-posters';

export type SharePreviewModuleDeps = {
  /** What the pastes, files and storage-configs domains let a link card read. */
  pastes: PasteViewService;
  records: ShareRecordsService;
  configs: StorageConfigLookupService;
  clock: Clock;
  storage: StorageRegistry;
  trustProxy: boolean;
  /** The thumbnails domain's stored large thumbnails, for cards scaled from one (a video's poster). */
  posters: CardPosters;
};

export function createSharePreviewModule({
  pastes,
  records,
  configs,
  clock,
  storage,
  trustProxy,
  posters,
}: SharePreviewModuleDeps) {
  const previews = new SharePreviewService(pastes, records, clock, posters);
  const routes = new Hono<AppEnv>();
  routes.route('/', cardImageRoutes(new CardImageService(records, configs, clock, storage, posters)));
  routes.route('/', oembedRoutes(new OembedService(previews), trustProxy));
  return { headFor: previews.headFor, routes };
}
