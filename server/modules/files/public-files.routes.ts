// What anyone holding a share link may call: metadata, the password check, the two deliveries, the
// text preview and the office preview. Links carry a short-lived access token, never the password.
import { Hono } from 'hono';
import {
  downloadFile,
  filePreview,
  getPublicFile,
  officePreview,
  verifyFilePassword,
  viewFile,
} from '@shared/api/file.endpoints';
import { verifiedFileSchema } from '@shared/api/file-share.schema';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import { clientIp } from '@server/middleware/client-ip';
import { webBody } from '@server/storage/http-stream';
import type { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import type { FilePreviewService } from './file-preview.service';
import type { FileDeliveryService } from './public-file-delivery.service';
import type { PublicFileService } from './public-file.service';

export type PublicFileRouteDeps = {
  files: PublicFileService;
  delivery: FileDeliveryService;
  previews: FilePreviewService;
  idempotency: IdempotencyStore;
  trustProxy: boolean;
};

export function publicFilesRoutes({
  files,
  delivery,
  previews,
  idempotency,
  trustProxy,
}: PublicFileRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, getPublicFile, ({ params, c }) => files.info(params.slug, requestOrigin(c, trustProxy)));
  // Replayable from the offline queue. Verifying changes no row, so the answer is
  // checked outside the transaction and only its record commits; a repeated key gets it back.
  route(app, verifyFilePassword, async ({ params, body, idempotent, c }) => {
    const replay = idempotent === undefined ? undefined : await idempotency.recall(idempotent, verifiedFileSchema);
    if (replay !== undefined) return replay;
    const answer = await files.verify(
      params.slug,
      body.password,
      clientIp(c, trustProxy),
      requestOrigin(c, trustProxy),
    );
    return idempotency.once(idempotent, verifiedFileSchema, async () => answer);
  });
  route(app, filePreview, ({ params, query }) => previews.preview(params.slug, query.token));
  route(app, officePreview, async ({ params, query, c }) => {
    const origin = requestOrigin(c, trustProxy);
    // ?password (the spec's spelling) is checked like POST verify, attempt limits included.
    const token =
      query.token === undefined && query.password !== undefined
        ? (await files.verify(params.slug, query.password, clientIp(c, trustProxy), origin)).access_token
        : query.token;
    return files.officePreview(params.slug, query.provider, token, origin);
  });

  for (const [endpoint, mode] of [
    [viewFile, 'view'],
    [downloadFile, 'download'],
  ] as const) {
    route(app, endpoint, async ({ params: { slug }, query: { token }, c }) => {
      const origin = requestOrigin(c, trustProxy);
      const result = await delivery.deliver({
        slug,
        mode,
        token,
        range: c.req.header('range'),
        headOnly: c.req.method === 'HEAD',
        origin,
      });
      if (result.kind === 'redirect')
        return new Response(null, { status: 302, headers: { location: result.url, 'cache-control': 'no-store' } });
      return new Response(result.body === null ? null : webBody(result.body), {
        status: result.status,
        headers: result.headers,
      });
    });
  }
  return app;
}
