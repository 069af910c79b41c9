// The upload calls of a file request, in the share upload's shapes so the transfer engine drives
// them unchanged: each call adds the request's upload token (and the uploader's name when
// starting) and goes to /public/file-requests/{slug}/…; the commit's receipt line is handed back
// in the share answer's fields the engine reads (id, filename, size, mimetype, created_at).
import * as endpoints from '@shared/api/file-request.endpoints';
import { requestUploadThumbnail } from '@shared/api/share-thumbnail.endpoints';
import type { CommitResponse } from '@shared/api/upload.schema';
import { createApiClient } from '@shared/http/api-client';
import type { TransferConnection } from './protocol';
import { toFailure, type ApiOutcome, type UploadApi } from './upload-api';

export type RequestUploadApiDeps = {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  slug: string;
  token: string;
  uploaderName?: string;
};

export function createRequestUploadApi({
  fetch,
  connection,
  slug,
  token,
  uploaderName,
}: RequestUploadApiDeps): UploadApi {
  // Uploaders have no account: no credentials go with these calls.
  const client = createApiClient({
    fetch,
    baseUrl: () => connection()?.baseUrl ?? '',
    getCredentials: () => null,
    onAuthExpired: () => undefined,
  });
  const params = { slug };
  const name = uploaderName === undefined || uploaderName.trim() === '' ? {} : { uploader_name: uploaderName };

  async function outcome<T>(call: () => Promise<T>): Promise<ApiOutcome<T>> {
    if (connection() === null) return { ok: false, kind: 'network', message: 'transfer worker is not configured' };
    try {
      return { ok: true, data: await call() };
    } catch (error) {
      return toFailure(error);
    }
  }

  return {
    presign: (body, signal) =>
      outcome(async () => {
        const start = { token, filename: body.filename, mimetype: body.mimetype, size: body.size, ...name };
        const answer = await client.call(endpoints.presignRequestUpload, { params, body: start, signal });
        return {
          upload_url: answer.upload_url,
          file_id: answer.file_id,
          storage_path: answer.storage_path,
          s3_url: '',
          slug,
          provider_type: '',
          contentType: answer.contentType,
        };
      }),
    commit: (body, signal) =>
      outcome(async () => {
        const done = await client.call(endpoints.commitRequestUpload, {
          params,
          body: { token, file_id: body.file_id, etag: body.etag, size: body.size },
          signal,
        });
        const share: CommitResponse = {
          id: done.file_id,
          slug,
          filename: done.filename,
          storage_path: done.storage_path,
          s3_url: '',
          mimetype: done.mimetype,
          size: done.size,
          remark: null,
          created_at: done.committed_at,
          updated_at: done.committed_at,
          hasPassword: false,
          expiresAt: null,
          maxViews: null,
          url: '',
        };
        return share;
      }),
    multipartInit: (body, signal) =>
      outcome(async () => {
        const start = {
          token,
          filename: body.filename,
          mimetype: body.mimetype,
          size: body.size,
          ...(body.part_size === undefined ? {} : { part_size: body.part_size }),
          ...name,
        };
        const answer = await client.call(endpoints.initRequestMultipart, { params, body: start, signal });
        return { ...answer, slug };
      }),
    multipartUrls: (body, signal) =>
      outcome(() =>
        client.call(endpoints.refreshRequestMultipartUrls, {
          params,
          body: { token, file_id: body.file_id, upload_id: body.upload_id, part_numbers: body.part_numbers },
          signal,
        }),
      ),
    multipartParts: (body, signal) =>
      outcome(() => client.call(endpoints.listRequestMultipartParts, { params, body: { token, ...body }, signal })),
    multipartComplete: (body, signal) =>
      outcome(() =>
        client.call(endpoints.completeRequestMultipart, {
          params,
          body: { token, file_id: body.file_id, upload_id: body.upload_id, parts: body.parts },
          signal,
        }),
      ),
    multipartAbort: (body, signal) =>
      outcome(async () => {
        const stopped = await client.call(endpoints.abortRequestMultipart, {
          params,
          body: { token, ...body },
          signal,
        });
        return { file_id: stopped.file_id, status: 'aborted' as const };
      }),
    cancel: (body, signal) =>
      outcome(async () => {
        const stopped = await client.call(endpoints.cancelRequestUpload, { params, body: { token, ...body }, signal });
        return { file_id: stopped.file_id, status: 'cancelled' as const };
      }),
    thumbnail: (body, signal) =>
      outcome(() => client.call(requestUploadThumbnail, { params, body: { token, ...body }, signal })),
  };
}
