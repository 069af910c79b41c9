// The upload endpoints: presign → PUT → commit, multipart init → part PUTs →
// complete → commit, abort and cancel for clean-up, the streamed form upload, and the local
// driver's signed blob links that stand in for S3 presigned URLs.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  commitRequestSchema,
  commitResponseSchema,
  multipartAbortRequestSchema,
  multipartAbortResponseSchema,
  multipartCompleteRequestSchema,
  multipartCompleteResponseSchema,
  multipartInitRequestSchema,
  multipartInitResponseSchema,
  multipartPartsRequestSchema,
  multipartPartsResponseSchema,
  multipartUrlsRequestSchema,
  multipartUrlsResponseSchema,
  presignRequestSchema,
  presignResponseSchema,
  uploadCancelRequestSchema,
  uploadCancelResponseSchema,
  uploadFormFieldsSchema,
} from './upload.schema';

const tag = 'uploads';
/** 10,000 parts of `{"partNumber":10000,"etag":"\"<multipart etag>\""}` stay well below this. */
export const PART_LIST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
const {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  QuotaExceeded,
  SlugTaken,
  Unavailable,
  ValidationFailed,
} = ErrorCode;
/** What refuses a new upload: the config, the size and quota limits, the link suffix. */
const startErrors = [NotFound, Forbidden, PayloadTooLarge, QuotaExceeded, SlugTaken, Unavailable] as const;

/** What each upload step's OpenAPI summary says; the device and the URL uploads word them apart. */
export type UploadStepSummaries = Record<
  'presign' | 'commit' | 'cancel' | 'multipartInit' | 'multipartUrls' | 'multipartComplete' | 'multipartAbort',
  string
>;

/**
 * The storage steps of an upload, the same contracts and rules wherever the bytes come from: the
 * device's under /s3 (`uploads.*`), a URL's under /url (`url-uploads.*`).
 */
export function uploadStepEndpoints<const P extends string, const B extends string>(
  idPrefix: P,
  base: B,
  stepTag: string,
  summary: UploadStepSummaries,
) {
  const id = <const N extends string>(name: N) => `${idPrefix}.${name}` as const;
  return {
    presign: defineEndpoint({
      id: id('presign'),
      method: 'POST',
      path: `${base}/presign`,
      summary: summary.presign,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: presignRequestSchema,
      reply: presignResponseSchema,
      status: 201,
      message: 'upload URL created',
      errors: [ValidationFailed, BadRequest, ...startErrors],
    }),
    commit: defineEndpoint({
      id: id('commit'),
      method: 'POST',
      path: `${base}/commit`,
      summary: summary.commit,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: commitRequestSchema,
      reply: commitResponseSchema,
      message: 'file committed',
      errors: [ValidationFailed, BadRequest, NotFound, Conflict, PayloadTooLarge, QuotaExceeded],
    }),
    cancel: defineEndpoint({
      id: id('cancel'),
      method: 'POST',
      path: `${base}/cancel`,
      summary: summary.cancel,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: uploadCancelRequestSchema,
      reply: uploadCancelResponseSchema,
      message: 'upload cancelled',
      errors: [ValidationFailed, BadRequest, NotFound],
    }),
    multipartInit: defineEndpoint({
      id: id('multipart.init'),
      method: 'POST',
      path: `${base}/multipart/init`,
      summary: summary.multipartInit,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: multipartInitRequestSchema,
      reply: multipartInitResponseSchema,
      status: 201,
      message: 'multipart upload created',
      errors: [ValidationFailed, BadRequest, ...startErrors],
    }),
    multipartUrls: defineEndpoint({
      id: id('multipart.urls'),
      method: 'POST',
      path: `${base}/multipart/urls`,
      summary: summary.multipartUrls,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: multipartUrlsRequestSchema,
      reply: multipartUrlsResponseSchema,
      errors: [ValidationFailed, BadRequest, NotFound, Conflict],
      maxBodyBytes: PART_LIST_BODY_LIMIT_BYTES,
    }),
    multipartComplete: defineEndpoint({
      id: id('multipart.complete'),
      method: 'POST',
      path: `${base}/multipart/complete`,
      summary: summary.multipartComplete,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: multipartCompleteRequestSchema,
      reply: multipartCompleteResponseSchema,
      message: 'multipart upload completed',
      errors: [ValidationFailed, BadRequest, NotFound, Conflict],
      maxBodyBytes: PART_LIST_BODY_LIMIT_BYTES,
    }),
    multipartAbort: defineEndpoint({
      id: id('multipart.abort'),
      method: 'POST',
      path: `${base}/multipart/abort`,
      summary: summary.multipartAbort,
      tag: stepTag,
      access: 'file',
      writes: true,
      body: multipartAbortRequestSchema,
      reply: multipartAbortResponseSchema,
      message: 'multipart upload aborted',
      errors: [ValidationFailed, BadRequest, NotFound, Conflict],
    }),
  };
}

const steps = uploadStepEndpoints('uploads', '/s3', tag, {
  presign: 'Start a single-PUT upload: a pending share and a link, signed for the exact size, to PUT the bytes to',
  commit: 'Check the stored object (size, ETag, limits) and make the share live with its settings',
  cancel: 'Withdraw an upload the caller started, committed or not, with its object',
  multipartInit: 'Start a multipart upload: the part plan (the shared one) and a signed link per part',
  multipartUrls: 'Fresh part links once the first ones expire, signed from the plan init answered',
  multipartComplete: 'Assemble the uploaded parts; the answer’s ETag goes on to commit',
  multipartAbort: 'Abort a multipart upload and delete its pending share',
});
export const presignUpload = steps.presign;
export const commitUpload = steps.commit;
export const cancelUpload = steps.cancel;
export const initMultipartUpload = steps.multipartInit;
export const refreshMultipartUrls = steps.multipartUrls;
export const completeMultipartUpload = steps.multipartComplete;
export const abortMultipartUpload = steps.multipartAbort;

export const listMultipartParts = defineEndpoint({
  id: 'uploads.multipart.parts',
  method: 'POST',
  path: '/s3/multipart/parts',
  summary:
    'The parts storage already holds for a pending multipart upload of the caller’s (S3 ListParts), to resume it',
  tag,
  access: 'file',
  writes: true,
  body: multipartPartsRequestSchema,
  reply: multipartPartsResponseSchema,
  errors: [ValidationFailed, BadRequest, NotFound, Conflict],
});

export const formUpload = defineEndpoint({
  id: 'uploads.form',
  method: 'POST',
  path: '/upload',
  summary:
    'Upload one file as a multipart form, streamed straight into storage, and share it; with `Accept: text/plain` the answer is the share link alone (201)',
  tag,
  access: 'file',
  writes: true,
  body: {
    kind: 'form',
    contentType: 'multipart/form-data',
    description:
      'the text fields and one `file` part, in any order: a file sent first waits in a temporary file for the fields after it; a file after some fields streams at once, and a field that places it (s3_config_id, path, slug, mimetype) sent after it is a 400',
    fields: uploadFormFieldsSchema,
    filePart: 'file',
  },
  reply: commitResponseSchema,
  status: 201,
  message: 'file uploaded',
  errors: [ValidationFailed, BadRequest, ...startErrors],
  timeout: 'chunk',
  maxBodyBytes: 'stream',
});

/** The fields of a local-driver link; the server checks them against the signature. */
const blobLinkQuery = z.object({
  k: z.optional(z.string()).check(z.describe('storage key')),
  exp: z.optional(z.string()).check(z.describe('expiry, Unix seconds')),
  u: z.optional(z.string()).check(z.describe('multipart upload id')),
  n: z.optional(z.string()).check(z.describe('part number')),
  l: z.optional(z.string()).check(z.describe('the exact byte length a PUT may carry')),
  ct: z.optional(z.string()).check(z.describe('content type')),
  cd: z.optional(z.string()).check(z.describe('content disposition')),
  sig: z.optional(z.string()).check(z.describe('HMAC signature of every field above')),
});
const blobParams = z.object({ configId: z.string().check(z.minLength(1)) });

export const putBlob = defineEndpoint({
  id: 'uploads.blob.put',
  method: 'PUT',
  path: '/blob/:configId',
  summary: 'The local driver’s presigned PUT: a whole object or one part, at most its signed length',
  tag,
  access: 'signed',
  params: blobParams,
  query: blobLinkQuery,
  body: { kind: 'binary', contentType: 'application/octet-stream', description: 'the object or part bytes' },
  reply: { kind: 'raw', contentType: 'text/plain', description: 'an empty 200 with the stored bytes’ ETag header' },
  errors: [Forbidden, NotFound, PayloadTooLarge],
  timeout: 'chunk',
  maxBodyBytes: 'stream',
});

export const getBlob = defineEndpoint({
  id: 'uploads.blob.get',
  method: 'GET',
  path: '/blob/:configId',
  summary: 'The local driver’s presigned GET, with Range',
  tag,
  access: 'signed',
  params: blobParams,
  query: blobLinkQuery,
  reply: {
    kind: 'raw',
    contentType: 'application/octet-stream',
    description: 'the bytes (200, or 206 for a Range), or 416 for a range past the end',
  },
  errors: [Forbidden, NotFound],
});
