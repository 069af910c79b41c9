// GET /admin/fs/thumbnail and /user/fs/thumbnail, registered from their shared definitions.
import { Hono } from 'hono';
import {
  adminThumbnail,
  adminThumbnailUpload,
  userThumbnail,
  userThumbnailUpload,
} from '@shared/api/fs-thumbnail.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { envelopeResponse } from '@server/lib/envelope';
import { webBody } from '@server/storage/http-stream';
import { THUMBNAIL_LINK_WINDOW_SECONDS, type ThumbnailService } from './thumbnail.service';

/** How long a client should wait before asking again for a thumbnail being made. */
const retryAfterSeconds = 2;
/** How long the browser may reuse a redirect to storage: well within the link's own life. */
const redirectCacheSeconds = 300;
/**
 * An answer for the version the URL names (`etag`) stays right as long as the URL: kept an hour
 * (a redirect's link, signed at the start of the hour for two, outlives it).
 */
const namedVersionSeconds = THUMBNAIL_LINK_WINDOW_SECONDS;

export function thumbnailRoutes(thumbnails: ThumbnailService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const endpoint of [adminThumbnail, userThumbnail])
    route(app, endpoint, async ({ auth, query }) => {
      const answer = await thumbnails.thumbnail(auth, query);
      if (answer.kind === 'pending')
        return envelopeResponse(202, 'the thumbnail is being made', answer.pending, {
          'retry-after': String(retryAfterSeconds),
          'cache-control': 'no-store',
        });
      if (answer.kind === 'redirect')
        return new Response(null, {
          status: 302,
          headers: {
            location: answer.url,
            'cache-control': `private, max-age=${answer.version === 'named' ? namedVersionSeconds : redirectCacheSeconds}`,
          },
        });
      return new Response(webBody(answer.body), {
        status: 200,
        headers: {
          'content-type': answer.contentType,
          'content-length': String(answer.length),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'content-disposition': 'inline; filename="thumbnail.webp"',
          'cache-control': `private, max-age=${answer.version === 'named' ? namedVersionSeconds : 300}`,
          etag: answer.etag,
        },
      });
    });
  for (const endpoint of [adminThumbnailUpload, userThumbnailUpload])
    route(app, endpoint, ({ auth, body }) => thumbnails.upload(auth, body));
  return app;
}
