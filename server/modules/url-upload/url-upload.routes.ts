// The URL upload calls: info and proxy fetch the user's URL through the URL address guard; the
// storage steps are the device upload's services, so quota, size, slug, password, expiry, view
// limit, path and read-only rules are the same ones.
import type { Readable } from 'node:stream';
import { Hono } from 'hono';
import {
  urlCancel,
  urlCommit,
  urlInfo,
  urlMultipartAbort,
  urlMultipartComplete,
  urlMultipartInit,
  urlMultipartUrls,
  urlPresign,
  urlProxy,
} from '@shared/api/url-upload.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import { readJson } from '@server/lib/read-json';
import { urlPresignRequestSchema } from '@shared/api/url-upload.schema';
import type { MultipartUploadService } from '@server/modules/uploads/upload-multipart.service';
import type { UploadService } from '@server/modules/uploads/upload.service';
import type { UrlFetchService } from './url-fetch.service';

/**
 * The body, pulled as the socket drains. A body stopped at the size or time limit, or by the
 * remote side, cuts the connection: the client sees a truncated answer, never a clean end.
 */
function cutOnFailure(stream: Readable, cut: () => void): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done === true) controller.close();
        else controller.enqueue(next.value as Uint8Array);
      } catch {
        cut();
        controller.close();
      }
    },
    cancel() {
      stream.destroy();
    },
  });
}

export type UrlUploadRouteDeps = {
  fetcher: UrlFetchService;
  uploads: UploadService;
  multipart: MultipartUploadService;
  trustProxy: boolean;
};

export function urlUploadRoutes({ fetcher, uploads, multipart, trustProxy }: UrlUploadRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, urlInfo, ({ body, c }) => fetcher.info(body.url, c.req.header('origin') ?? requestOrigin(c, trustProxy)));
  route(app, urlProxy, async ({ query, c }) => {
    const { body, size } = await fetcher.proxy(query.url, c.req.raw.signal);
    // Someone else's bytes: never rendered from this origin, never cached.
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'no-store',
    };
    if (size !== null) headers['content-length'] = String(size);
    return new Response(
      cutOnFailure(body, () => c.env.outgoing.destroy()),
      { status: 200, headers },
    );
  });

  route(app, urlPresign, ({ auth, body, c }) => uploads.presign(auth, body, requestOrigin(c, trustProxy)), {
    readBody: (c) => readJson(c.req, urlPresignRequestSchema),
  });
  route(app, urlCommit, ({ auth, body }) => uploads.commit(auth, body));
  route(app, urlCancel, ({ auth, body }) => uploads.cancel(auth, body.file_id));
  route(app, urlMultipartInit, ({ auth, body, c }) => multipart.init(auth, body, requestOrigin(c, trustProxy)));
  route(app, urlMultipartUrls, ({ auth, body, c }) => multipart.urls(auth, body, requestOrigin(c, trustProxy)));
  route(app, urlMultipartComplete, ({ auth, body }) => multipart.complete(auth, body));
  route(app, urlMultipartAbort, ({ auth, body }) => multipart.abort(auth, body.file_id, body.upload_id));

  return app;
}
