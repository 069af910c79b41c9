// The upload calls: presign and commit, the multipart steps, cancel, and the streamed form upload.
// Access (file permission) and the read-only refusal come from the endpoint definitions.
import { Hono } from 'hono';
import {
  abortMultipartUpload,
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  formUpload,
  initMultipartUpload,
  listMultipartParts,
  presignUpload,
  refreshMultipartUrls,
} from '@shared/api/upload.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { plainCreated, wantsPlainText } from '@server/lib/plain-answer';
import { requestOrigin } from '@server/lib/signed-url';
import type { FormUploadService } from './upload-form.service';
import type { MultipartUploadService } from './upload-multipart.service';
import type { UploadService } from './upload.service';

export type UploadRouteDeps = {
  uploads: UploadService;
  multipart: MultipartUploadService;
  form: FormUploadService;
  trustProxy: boolean;
};

export function uploadsRoutes({ uploads, multipart, form, trustProxy }: UploadRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, presignUpload, ({ auth, body, c }) => uploads.presign(auth, body, requestOrigin(c, trustProxy)));
  route(app, commitUpload, ({ auth, body }) => uploads.commit(auth, body));
  route(app, cancelUpload, ({ auth, body }) => uploads.cancel(auth, body.file_id));

  route(app, initMultipartUpload, ({ auth, body, c }) => multipart.init(auth, body, requestOrigin(c, trustProxy)));
  route(app, refreshMultipartUrls, ({ auth, body, c }) => multipart.urls(auth, body, requestOrigin(c, trustProxy)));
  route(app, listMultipartParts, ({ auth, body }) => multipart.parts(auth, body));
  route(app, completeMultipartUpload, ({ auth, body }) => multipart.complete(auth, body));
  route(app, abortMultipartUpload, ({ auth, body }) => multipart.abort(auth, body.file_id, body.upload_id));

  route(app, formUpload, async ({ auth, c }) => {
    try {
      const share = await form.upload(auth, c.req.header('content-type'), c.env.incoming);
      // The share's link alone, absolute, for tools that can only POST and read the answer.
      if (wantsPlainText(c.req.header('accept')))
        return plainCreated(new URL(share.url, `${requestOrigin(c, trustProxy)}/`).toString());
      return share;
    } catch (error) {
      // The rest of a refused form is never read: close the connection rather than drain it.
      c.env.outgoing.setHeader('connection', 'close');
      throw error;
    }
  });

  return app;
}
