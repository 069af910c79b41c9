// File requests: owners' management (`/file-requests`, the admin every request, a key with file
// and mount permissions its own, inside its base path) and the calls of uploaders with no account
// (`/public/file-requests/:slug`), whose upload steps take the share upload's shapes.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  createFileRequestSchema,
  fileRequestDeletedSchema,
  fileRequestListSchema,
  fileRequestSchema,
  fileRequestUploadListSchema,
  publicFileRequestSchema,
  requestCancelSchema,
  requestCommitResultSchema,
  requestCommitSchema,
  requestFinishResultSchema,
  requestFinishSchema,
  requestMultipartAbortSchema,
  requestMultipartCompleteResultSchema,
  requestMultipartCompleteSchema,
  requestMultipartInitResultSchema,
  requestMultipartInitSchema,
  requestMultipartPartsResultSchema,
  requestMultipartPartsSchema,
  requestMultipartUrlsResultSchema,
  requestMultipartUrlsSchema,
  requestPresignResultSchema,
  requestPresignSchema,
  requestUploadStoppedSchema,
  updateFileRequestSchema,
  verifyFileRequestSchema,
} from './file-request.schema';
import { PART_LIST_BODY_LIMIT_BYTES } from './upload.endpoints';

const tag = 'file-requests';
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const slugParams = z.object({ slug: z.string().check(z.minLength(1), z.maxLength(100)) });
const {
  BadRequest,
  Conflict,
  Forbidden,
  Gone,
  NotFound,
  PasswordRequired,
  PayloadTooLarge,
  QuotaExceeded,
  RateLimited,
  SlugTaken,
  ValidationFailed,
  WrongPassword,
} = ErrorCode;

export const listFileRequests = defineEndpoint({
  id: 'fileRequests.list',
  method: 'GET',
  path: '/file-requests',
  summary: 'The caller’s file requests (every one for the admin), newest first, with what has arrived',
  tag,
  access: 'mount',
  reply: fileRequestListSchema,
  errors: [],
});

export const createFileRequest = defineEndpoint({
  id: 'fileRequests.create',
  method: 'POST',
  path: '/file-requests',
  summary:
    'Ask for files: anyone with the link /request/{slug} may upload into the folder at `path` (which must exist, inside a key’s base path), within the limits; max_file_bytes may not exceed the max upload size',
  tag,
  access: 'mount',
  writes: true,
  body: createFileRequestSchema,
  reply: fileRequestSchema,
  status: 201,
  message: 'file request created',
  errors: [ValidationFailed, BadRequest, NotFound, Conflict, SlugTaken],
});

export const getFileRequest = defineEndpoint({
  id: 'fileRequests.get',
  method: 'GET',
  path: '/file-requests/:id',
  summary: 'One of the caller’s file requests',
  tag,
  access: 'mount',
  params: idParams,
  reply: fileRequestSchema,
  errors: [NotFound],
});

export const updateFileRequest = defineEndpoint({
  id: 'fileRequests.update',
  method: 'PUT',
  path: '/file-requests/:id',
  summary:
    'Change a request’s settings, pause (`status: paused`), reopen or close it; `password: null` removes the password',
  tag,
  access: 'mount',
  writes: true,
  params: idParams,
  body: updateFileRequestSchema,
  reply: fileRequestSchema,
  message: 'file request updated',
  errors: [ValidationFailed, BadRequest, NotFound, SlugTaken],
});

export const deleteFileRequest = defineEndpoint({
  id: 'fileRequests.delete',
  method: 'DELETE',
  path: '/file-requests/:id',
  summary: 'Delete a request: its link stops at once; files already uploaded stay in the folder',
  tag,
  access: 'mount',
  writes: true,
  params: idParams,
  reply: fileRequestDeletedSchema,
  message: 'file request deleted',
  errors: [NotFound],
});

export const listFileRequestUploads = defineEndpoint({
  id: 'fileRequests.uploads',
  method: 'GET',
  path: '/file-requests/:id/uploads',
  summary: 'What arrived through a request (and what is still arriving): who, when, names, sizes, where',
  tag,
  access: 'mount',
  params: idParams,
  reply: fileRequestUploadListSchema,
  errors: [NotFound],
});

const publicBase = '/public/file-requests/:slug';
/** Every refusal of an upload step: the request's state, the token, the limits, the storage. */
const uploadErrors = [
  ValidationFailed,
  BadRequest,
  PasswordRequired,
  NotFound,
  Conflict,
  Gone,
  PayloadTooLarge,
  QuotaExceeded,
] as const;

export const getPublicFileRequest = defineEndpoint({
  id: 'fileRequests.public.get',
  method: 'GET',
  path: publicBase,
  summary:
    'What the upload page shows: title, message, limits and what is left, and an upload token; a protected request says only that it needs its password, a closed or expired one only its state. Never lists files',
  tag,
  access: 'public',
  params: slugParams,
  reply: publicFileRequestSchema,
  errors: [ValidationFailed, NotFound],
});

export const verifyFileRequestPassword = defineEndpoint({
  id: 'fileRequests.public.verify',
  method: 'POST',
  path: `${publicBase}/verify`,
  summary:
    'Check a protected request’s password (attempt limits apply) and get what the page shows with an upload token',
  tag,
  access: 'public',
  params: slugParams,
  body: verifyFileRequestSchema,
  reply: publicFileRequestSchema,
  errors: [ValidationFailed, NotFound, WrongPassword, RateLimited],
});

export const presignRequestUpload = defineEndpoint({
  id: 'fileRequests.public.presign',
  method: 'POST',
  path: `${publicBase}/presign`,
  summary:
    'Start a single-PUT upload into the request, within its limits: a link signed for the exact size; the server chooses where the file lands',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestPresignSchema,
  reply: requestPresignResultSchema,
  status: 201,
  message: 'upload URL created',
  errors: [...uploadErrors, Forbidden],
});

export const commitRequestUpload = defineEndpoint({
  id: 'fileRequests.public.commit',
  method: 'POST',
  path: `${publicBase}/commit`,
  summary:
    'Check the stored file against every limit again (size, count, total, type by its first bytes, state) and add it to the folder; a refused file is deleted',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestCommitSchema,
  reply: requestCommitResultSchema,
  message: 'file committed',
  errors: uploadErrors,
});

export const cancelRequestUpload = defineEndpoint({
  id: 'fileRequests.public.cancel',
  method: 'POST',
  path: `${publicBase}/cancel`,
  summary: 'Withdraw a single-PUT upload not yet committed, with its object',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestCancelSchema,
  reply: requestUploadStoppedSchema,
  message: 'upload cancelled',
  errors: [ValidationFailed, BadRequest, PasswordRequired, NotFound],
});

export const initRequestMultipart = defineEndpoint({
  id: 'fileRequests.public.multipart.init',
  method: 'POST',
  path: `${publicBase}/multipart/init`,
  summary: 'Start a multipart upload into the request, within its limits: the part plan and a signed link per part',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestMultipartInitSchema,
  reply: requestMultipartInitResultSchema,
  status: 201,
  message: 'multipart upload created',
  errors: [...uploadErrors, Forbidden],
});

export const refreshRequestMultipartUrls = defineEndpoint({
  id: 'fileRequests.public.multipart.urls',
  method: 'POST',
  path: `${publicBase}/multipart/urls`,
  summary: 'Fresh part links for a multipart upload into the request',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestMultipartUrlsSchema,
  reply: requestMultipartUrlsResultSchema,
  errors: uploadErrors,
  maxBodyBytes: PART_LIST_BODY_LIMIT_BYTES,
});

export const listRequestMultipartParts = defineEndpoint({
  id: 'fileRequests.public.multipart.parts',
  method: 'POST',
  path: `${publicBase}/multipart/parts`,
  summary: 'The parts storage already holds for a multipart upload into the request, to resume it after a reload',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestMultipartPartsSchema,
  reply: requestMultipartPartsResultSchema,
  errors: uploadErrors,
});

export const completeRequestMultipart = defineEndpoint({
  id: 'fileRequests.public.multipart.complete',
  method: 'POST',
  path: `${publicBase}/multipart/complete`,
  summary: 'Assemble the uploaded parts; commit then checks and adds the file',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestMultipartCompleteSchema,
  reply: requestMultipartCompleteResultSchema,
  message: 'multipart upload completed',
  errors: uploadErrors,
  maxBodyBytes: PART_LIST_BODY_LIMIT_BYTES,
});

export const abortRequestMultipart = defineEndpoint({
  id: 'fileRequests.public.multipart.abort',
  method: 'POST',
  path: `${publicBase}/multipart/abort`,
  summary: 'Abort a multipart upload into the request',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestMultipartAbortSchema,
  reply: requestUploadStoppedSchema,
  message: 'multipart upload aborted',
  errors: [ValidationFailed, BadRequest, PasswordRequired, NotFound],
});

export const finishRequestBatch = defineEndpoint({
  id: 'fileRequests.public.finish',
  method: 'POST',
  path: `${publicBase}/finish`,
  summary:
    'Say the uploader’s batch is over: the files it committed and not yet reported go to the owner’s webhook (if set) in one small signed JSON body, retried after a failure',
  tag,
  access: 'public',
  writes: true,
  params: slugParams,
  body: requestFinishSchema,
  reply: requestFinishResultSchema,
  errors: [ValidationFailed, PasswordRequired, NotFound],
});
