// POST /s3/thumbnail (a share's, from the upload page or a URL upload) and
// /public/file-requests/:slug/thumbnail (a file request's), registered from their shared definitions.
import { Hono } from 'hono';
import { requestUploadThumbnail, uploadThumbnail } from '@shared/api/share-thumbnail.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { ShareThumbnailService } from './share-thumbnail.service';

export function shareThumbnailRoutes(thumbnails: ShareThumbnailService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, uploadThumbnail, ({ auth, body }) => thumbnails.share(auth, body));
  route(app, requestUploadThumbnail, ({ params, body }) => thumbnails.request(params.slug, body));
  return app;
}
