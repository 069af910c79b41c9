// The URL upload endpoints. `url/info` and `url/proxy` make the server
// fetch a user's URL, so they need file permission and go through the URL address guard; the
// storage steps reuse the device upload's contracts and rules under /url/.
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { uploadStepEndpoints } from './upload.endpoints';
import { urlInfoRequestSchema, urlInfoResponseSchema, urlProxyQuerySchema } from './url-upload.schema';

const tag = 'url uploads';
const { PayloadTooLarge, UrlFetchFailed, UrlNotAllowed, ValidationFailed } = ErrorCode;

export const urlInfo = defineEndpoint({
  id: 'url-uploads.info',
  method: 'POST',
  path: '/url/info',
  summary:
    'Name, size and type of a URL’s file, and whether a browser may fetch it directly (CORS), without reading its body',
  tag,
  access: 'file',
  body: urlInfoRequestSchema,
  reply: urlInfoResponseSchema,
  errors: [ValidationFailed, UrlNotAllowed, UrlFetchFailed],
});

export const urlProxy = defineEndpoint({
  id: 'url-uploads.proxy',
  method: 'GET',
  path: '/url/proxy',
  summary:
    'Stream a URL’s body for a browser that cannot fetch it itself; capped at the max upload size and the fetch time limit',
  tag,
  access: 'file',
  query: urlProxyQuerySchema,
  reply: {
    kind: 'raw',
    contentType: 'application/octet-stream',
    description: 'the remote body, as an attachment; the stream stops at the size or time limit',
  },
  errors: [ValidationFailed, UrlNotAllowed, UrlFetchFailed, PayloadTooLarge],
  timeout: 'chunk',
});

const steps = uploadStepEndpoints('url-uploads', '/url', tag, {
  presign:
    'Start a single-PUT upload of a URL’s bytes, with the rules of /s3/presign; the product spec’s body ({url, metadata, filename, remark, …}, metadata being the url/info answer) is taken too',
  commit: 'Check the stored object and make the share live, with the rules of /s3/commit',
  cancel: 'Withdraw a URL upload the caller started, committed or not, with its object',
  multipartInit: 'Start a multipart upload of a URL’s bytes, with the rules of /s3/multipart/init',
  multipartUrls: 'Fresh part links for a slow download whose first links expired',
  multipartComplete: 'Assemble the uploaded parts; the answer’s ETag goes on to /url/commit',
  multipartAbort: 'Abort a URL multipart upload and delete its pending share',
});
export const urlPresign = steps.presign;
export const urlCommit = steps.commit;
export const urlMultipartInit = steps.multipartInit;
export const urlMultipartUrls = steps.multipartUrls;
export const urlMultipartComplete = steps.multipartComplete;
export const urlMultipartAbort = steps.multipartAbort;
export const urlCancel = steps.cancel;
