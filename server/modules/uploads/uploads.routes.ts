import { Hono } from 'hono';
import {
  commitRequestSchema, multipartAbortRequestSchema, multipartCompleteRequestSchema, multipartInitRequestSchema,
  multipartUrlsRequestSchema, presignRequestSchema, uploadCancelRequestSchema,
} from '@shared/api/upload.schema';
import type { AppEnv } from '../../app-env';
import { envelopeResponse, ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requestOrigin } from '../../lib/signed-url';
import type { FormUploadService } from './upload-form.service';
import type { MultipartUploadService } from './upload-multipart.service';
import type { UploadService } from './upload.service';

export type UploadRouteDeps = { uploads: UploadService; multipart: MultipartUploadService; form: FormUploadService; trustProxy: boolean };

export function uploadsRoutes({ uploads, multipart, form, trustProxy }: UploadRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/s3/presign', async (c) => {
    const input = await readJson(c.req, presignRequestSchema);
    return envelopeResponse(201, 'upload URL created', await uploads.presign(c.get('auth'), input, requestOrigin(c, trustProxy)));
  });

  app.post('/s3/commit', async (c) => ok(await uploads.commit(c.get('auth'), await readJson(c.req, commitRequestSchema)), 'file committed'));

  app.post('/s3/cancel', async (c) => {
    const { file_id } = await readJson(c.req, uploadCancelRequestSchema);
    return ok(await uploads.cancel(c.get('auth'), file_id), 'upload cancelled');
  });

  app.post('/s3/multipart/init', async (c) => {
    const input = await readJson(c.req, multipartInitRequestSchema);
    return envelopeResponse(201, 'multipart upload created', await multipart.init(c.get('auth'), input, requestOrigin(c, trustProxy)));
  });

  app.post('/s3/multipart/urls', async (c) => {
    const input = await readJson(c.req, multipartUrlsRequestSchema);
    return ok(await multipart.urls(c.get('auth'), input, requestOrigin(c, trustProxy)));
  });

  app.post('/s3/multipart/complete', async (c) =>
    ok(await multipart.complete(c.get('auth'), await readJson(c.req, multipartCompleteRequestSchema)), 'multipart upload completed'),
  );

  app.post('/s3/multipart/abort', async (c) => {
    const { file_id, upload_id } = await readJson(c.req, multipartAbortRequestSchema);
    return ok(await multipart.abort(c.get('auth'), file_id, upload_id), 'multipart upload aborted');
  });

  app.post('/upload', async (c) => {
    try {
      return envelopeResponse(201, 'file uploaded', await form.upload(c.get('auth'), c.req.header('content-type'), c.env.incoming));
    } catch (error) {
      c.env.outgoing.setHeader('connection', 'close');
      throw error;
    }
  });

  return app;
}
