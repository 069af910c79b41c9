// The URL upload endpoints. `url/info` and `url/proxy` make the server
// fetch a user's URL, so they need file permission and go through the URL address guard; the
// storage steps reuse the device upload's contracts and rules under /url/.
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { PART_LIST_BODY_LIMIT_BYTES } from './upload.endpoints';
import {
  commitRequestSchema,
  commitResponseSchema,
  multipartAbortRequestSchema,
  multipartAbortResponseSchema,
  multipartCompleteRequestSchema,
  multipartCompleteResponseSchema,
  multipartInitRequestSchema,
  multipartInitResponseSchema,
  multipartUrlsRequestSchema,
  multipartUrlsResponseSchema,
  presignRequestSchema,
  presignResponseSchema,
  uploadCancelRequestSchema,
  uploadCancelResponseSchema,
} from './upload.schema';
import { urlInfoRequestSchema, urlInfoResponseSchema, urlProxyQuerySchema } from './url-upload.schema';

const tag = 'url uploads';
const {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  QuotaExceeded,
  SlugTaken,
  Unavailable,
  UrlFetchFailed,
  UrlNotAllowed,
  ValidationFailed,
} = ErrorCode;
const startErrors = [NotFound, Forbidden, PayloadTooLarge, QuotaExceeded, SlugTaken, Unavailable] as const;

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

export const urlPresign = defineEndpoint({
  id: 'url-uploads.presign',
  method: 'POST',
  path: '/url/presign',
  summary:
    'Start a single-PUT upload of a URL’s bytes, with the rules of /s3/presign; the product spec’s body ({url, metadata, filename, remark, …}, metadata being the url/info answer) is taken too',
  tag,
  access: 'file',
  writes: true,
  body: presignRequestSchema,
  reply: presignResponseSchema,
  status: 201,
  message: 'upload URL created',
  errors: [ValidationFailed, BadRequest, ...startErrors],
});

export const urlCommit = defineEndpoint({
  id: 'url-uploads.commit',
  method: 'POST',
  path: '/url/commit',
  summary: 'Check the stored object and make the share live, with the rules of /s3/commit',
  tag,
  access: 'file',
  writes: true,
  body: commitRequestSchema,
  reply: commitResponseSchema,
  message: 'file committed',
  errors: [ValidationFailed, BadRequest, NotFound, Conflict, PayloadTooLarge, QuotaExceeded],
});

export const urlMultipartInit = defineEndpoint({
  id: 'url-uploads.multipart.init',
  method: 'POST',
  path: '/url/multipart/init',
  summary: 'Start a multipart upload of a URL’s bytes, with the rules of /s3/multipart/init',
  tag,
  access: 'file',
  writes: true,
  body: multipartInitRequestSchema,
  reply: multipartInitResponseSchema,
  status: 201,
  message: 'multipart upload created',
  errors: [ValidationFailed, BadRequest, ...startErrors],
});

export const urlMultipartUrls = defineEndpoint({
  id: 'url-uploads.multipart.urls',
  method: 'POST',
  path: '/url/multipart/urls',
  summary: 'Fresh part links for a slow download whose first links expired',
  tag,
  access: 'file',
  writes: true,
  body: multipartUrlsRequestSchema,
  reply: multipartUrlsResponseSchema,
  errors: [ValidationFailed, BadRequest, NotFound, Conflict],
  maxBodyBytes: PART_LIST_BODY_LIMIT_BYTES,
});

export const urlMultipartComplete = defineEndpoint({
  id: 'url-uploads.multipart.complete',
  method: 'POST',
  path: '/url/multipart/complete',
  summary: 'Assemble the uploaded parts; the answer’s ETag goes on to /url/commit',
  tag,
  access: 'file',
  writes: true,
  body: multipartCompleteRequestSchema,
  reply: multipartCompleteResponseSchema,
  message: 'multipart upload completed',
  errors: [ValidationFailed, BadRequest, NotFound, Conflict],
  maxBodyBytes: PART_LIST_BODY_LIMIT_BYTES,
});

export const urlMultipartAbort = defineEndpoint({
  id: 'url-uploads.multipart.abort',
  method: 'POST',
  path: '/url/multipart/abort',
  summary: 'Abort a URL multipart upload and delete its pending share',
  tag,
  access: 'file',
  writes: true,
  body: multipartAbortRequestSchema,
  reply: multipartAbortResponseSchema,
  message: 'multipart upload aborted',
  errors: [ValidationFailed, BadRequest, NotFound, Conflict],
});

export const urlCancel = defineEndpoint({
  id: 'url-uploads.cancel',
  method: 'POST',
  path: '/url/cancel',
  summary: 'Withdraw a URL upload the caller started, committed or not, with its object',
  tag,
  access: 'file',
  writes: true,
  body: uploadCancelRequestSchema,
  reply: uploadCancelResponseSchema,
  message: 'upload cancelled',
  errors: [ValidationFailed, BadRequest, NotFound],
});
