// The owner's /file-requests calls and the uploaders' /public/file-requests/:slug calls,
// registered from their shared definitions.
import { Hono } from 'hono';
import * as arrivals from '@shared/api/file-request-arrivals.endpoints';
import * as endpoints from '@shared/api/file-request.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import { clientIp } from '@server/middleware/client-ip';
import type { FileRequestPublicService } from './file-request-public.service';
import type { FileRequestUploadService } from './file-request-upload.service';
import type { FileRequestService } from './file-request.service';

export type FileRequestRouteDeps = {
  requests: FileRequestService;
  publicRequests: FileRequestPublicService;
  uploads: FileRequestUploadService;
  trustProxy: boolean;
};

export function fileRequestRoutes({
  requests,
  publicRequests,
  uploads,
  trustProxy,
}: FileRequestRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const origin = (c: Parameters<typeof requestOrigin>[0]) => requestOrigin(c, trustProxy);

  // Before `/file-requests/:id`, which would take `arrivals` for an id.
  route(app, arrivals.fileRequestArrivals, ({ auth }) => requests.arrivals(auth));
  route(app, arrivals.markFileRequestUploadsSeen, ({ auth, params, body }) =>
    requests.markSeen(auth, params.id, body.up_to),
  );
  route(app, endpoints.listFileRequests, ({ auth, c }) => requests.list(auth, origin(c)));
  route(app, endpoints.createFileRequest, ({ auth, body, c }) => requests.create(auth, body, origin(c)));
  route(app, endpoints.getFileRequest, ({ auth, params, c }) => requests.get(auth, params.id, origin(c)));
  route(app, endpoints.updateFileRequest, ({ auth, params, body, c }) =>
    requests.update(auth, params.id, body, origin(c)),
  );
  route(app, endpoints.deleteFileRequest, ({ auth, params }) => requests.delete(auth, params.id));
  route(app, endpoints.listFileRequestUploads, ({ auth, params }) => requests.uploads(auth, params.id));

  route(app, endpoints.getPublicFileRequest, ({ params }) => publicRequests.info(params.slug));
  route(app, endpoints.verifyFileRequestPassword, ({ params, body, c }) =>
    publicRequests.verify(params.slug, body.password, clientIp(c, trustProxy)),
  );
  route(app, endpoints.presignRequestUpload, ({ params, body, c }) => uploads.presign(params.slug, body, origin(c)));
  route(app, endpoints.commitRequestUpload, ({ params, body }) => uploads.commit(params.slug, body));
  route(app, endpoints.cancelRequestUpload, ({ params, body }) =>
    uploads.cancel(params.slug, body.token, body.file_id),
  );
  route(app, endpoints.initRequestMultipart, ({ params, body, c }) =>
    uploads.multipartInit(params.slug, body, origin(c)),
  );
  route(app, endpoints.refreshRequestMultipartUrls, ({ params, body, c }) =>
    uploads.multipartUrls(params.slug, body, origin(c)),
  );
  route(app, endpoints.listRequestMultipartParts, ({ params, body }) => uploads.multipartParts(params.slug, body));
  route(app, endpoints.completeRequestMultipart, ({ params, body }) => uploads.multipartComplete(params.slug, body));
  route(app, endpoints.abortRequestMultipart, ({ params, body }) =>
    uploads.abort(params.slug, body.token, body.file_id),
  );
  route(app, endpoints.finishRequestBatch, ({ params, body }) => uploads.finish(params.slug, body.token));
  return app;
}
