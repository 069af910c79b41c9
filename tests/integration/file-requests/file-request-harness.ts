// File requests over real HTTP: the fs harness (a mount on the local driver or a radosgw bucket,
// on SQLite or PostgreSQL), an owner's request on a fresh folder, and an uploader's calls.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  abortRequestMultipart,
  cancelRequestUpload,
  commitRequestUpload,
  completeRequestMultipart,
  createFileRequest,
  deleteFileRequest,
  finishRequestBatch,
  getFileRequest,
  getPublicFileRequest,
  initRequestMultipart,
  listFileRequests,
  listFileRequestUploads,
  listRequestMultipartParts,
  presignRequestUpload,
  refreshRequestMultipartUrls,
  updateFileRequest,
  verifyFileRequestPassword,
} from '@shared/api/file-request.endpoints';
import { fileRequestArrivals, markFileRequestUploadsSeen } from '@shared/api/file-request-arrivals.endpoints';
import { adminFsEndpoints } from '@shared/api/fs.endpoints';
import { requestUploadThumbnail } from '@shared/api/share-thumbnail.endpoints';
import { endpointAddress } from '@shared/http/endpoint';
import { testApi } from '@tests/integration/support/api';
import {
  fileRequestSchema,
  publicFileRequestSchema,
  requestCommitResultSchema,
  requestMultipartCompleteResultSchema,
  requestMultipartInitResultSchema,
  requestMultipartPartsResultSchema,
  requestPresignResultSchema,
  type FileRequestView,
  type PublicFileRequest,
} from '@shared/api/file-request.schema';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { call, expectOk, type CallResult } from '@tests/integration/support/http';
import { putTo, type DriverName } from '@tests/integration/storage/storage-harness';
import { admin, mkdir, startFsHarness, type FsHarness, type Who } from '@tests/integration/fs/fs-harness';

export type Setup = { driver: DriverName; database: 'SQLite' | 'PostgreSQL' };
export const setups: Setup[] = [
  { driver: 'local', database: 'SQLite' },
  { driver: 's3', database: 'SQLite' },
  { driver: 'local', database: 'PostgreSQL' },
  { driver: 's3', database: 'PostgreSQL' },
];

export async function startRequestHarness({ driver, database }: Setup, name: string): Promise<FsHarness> {
  const databaseUrl = database === 'PostgreSQL' ? await createTestDatabase(name) : undefined;
  return startFsHarness(driver, { env: databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl } });
}

function auth(who: Who) {
  return 'token' in who ? { token: who.token } : { apiKey: who.apiKey };
}

const ownerEndpoints = {
  list: listFileRequests,
  create: createFileRequest,
  arrivals: fileRequestArrivals,
  get: getFileRequest,
  update: updateFileRequest,
  remove: deleteFileRequest,
  uploads: listFileRequestUploads,
  seen: markFileRequestUploadsSeen,
};
export type OwnerCall = keyof typeof ownerEndpoints;

/**
 * An owner's call, its method and address from the endpoint definition (`id` fills `:id`); the
 * body goes as given, so a test may send what the contract refuses.
 */
export function owner(
  h: FsHarness,
  who: Who,
  action: OwnerCall,
  id: string | null,
  json?: unknown,
): Promise<CallResult> {
  const endpoint = ownerEndpoints[action];
  const address = endpointAddress('/api', endpoint, { params: id === null ? undefined : { id } });
  return call(h.server.baseUrl, endpoint.method, address, { ...auth(who), json });
}

/** A fresh folder under the mount and an open request on it. */
export async function newRequest(
  h: FsHarness,
  settings: Record<string, unknown> = {},
  who: Who = admin(h),
): Promise<{ request: FileRequestView; folder: string }> {
  const folder = `${h.mountPath}/inbox-${randomUUID().slice(0, 8)}`;
  await mkdir(h, admin(h), folder);
  const request = expectOk(
    await owner(h, who, 'create', null, { path: folder, title: 'Send me your files', ...settings }),
    fileRequestSchema,
    201,
  );
  return { request, folder };
}

const publicEndpoints = [
  getPublicFileRequest,
  verifyFileRequestPassword,
  presignRequestUpload,
  commitRequestUpload,
  cancelRequestUpload,
  finishRequestBatch,
  initRequestMultipart,
  refreshRequestMultipartUrls,
  listRequestMultipartParts,
  completeRequestMultipart,
  abortRequestMultipart,
  requestUploadThumbnail,
];
type StepIn<P> = P extends '/public/file-requests/:slug'
  ? ''
  : P extends `/public/file-requests/:slug/${infer S}`
    ? S
    : never;
/** The uploader's steps, as the endpoint definitions name them ('' is the request itself). */
export type PublicStep = StepIn<(typeof publicEndpoints)[number]['path']>;

/** An uploader's call: a GET without a body, a POST with one, to the step's defined address. */
export function pub(h: FsHarness, slug: string, step: PublicStep, json?: unknown, headers?: Record<string, string>) {
  const method = json === undefined ? 'GET' : 'POST';
  const path = step === '' ? '/public/file-requests/:slug' : `/public/file-requests/:slug/${step}`;
  const endpoint = publicEndpoints.find((candidate) => candidate.method === method && candidate.path === path);
  if (endpoint === undefined) throw new Error(`no endpoint ${method} ${path}`);
  return call(h.server.baseUrl, method, endpointAddress('/api', endpoint, { params: { slug } }), { json, headers });
}

export async function info(h: FsHarness, slug: string): Promise<PublicFileRequest> {
  return expectOk(await pub(h, slug, ''), publicFileRequestSchema);
}

export async function tokenOf(h: FsHarness, slug: string): Promise<string> {
  const token = (await info(h, slug)).upload_token;
  if (token === null) throw new Error('no upload token');
  return token;
}

export type Sent = { file_id: string; storage_path: string };

/** presign → PUT, not committed. */
export async function start(
  h: FsHarness,
  slug: string,
  token: string,
  filename: string,
  bytes: Uint8Array | string,
  extra: Record<string, unknown> = {},
): Promise<Sent & { put: { status: number; etag: string; text: string } }> {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  const presigned = expectOk(
    await pub(h, slug, 'presign', { token, filename, size, mimetype: 'text/plain', ...extra }),
    requestPresignResultSchema,
    201,
  );
  const put = await putTo(presigned.upload_url, bytes, presigned.contentType);
  return { file_id: presigned.file_id, storage_path: presigned.storage_path, put };
}

export function commit(h: FsHarness, slug: string, token: string, fileId: string, etag?: string) {
  return pub(h, slug, 'commit', { token, file_id: fileId, ...(etag === undefined ? {} : { etag }) });
}

/** presign → PUT → commit. */
export async function send(
  h: FsHarness,
  slug: string,
  token: string,
  filename: string,
  bytes: Uint8Array | string,
  extra: Record<string, unknown> = {},
) {
  const sent = await start(h, slug, token, filename, bytes, extra);
  expect(sent.put.status, sent.put.text).toBe(200);
  return expectOk(await commit(h, slug, token, sent.file_id, sent.put.etag), requestCommitResultSchema);
}

/** multipart init → PUT each part → complete → commit. */
export async function sendMultipart(h: FsHarness, slug: string, token: string, filename: string, bytes: Uint8Array) {
  const init = expectOk(
    await pub(h, slug, 'multipart/init', { token, filename, size: bytes.length }),
    requestMultipartInitResultSchema,
    201,
  );
  const parts = [];
  for (const { partNumber, url } of init.presigned_urls) {
    const from = (partNumber - 1) * init.part_size;
    const put = await putTo(url, bytes.subarray(from, from + init.part_size));
    expect(put.status, put.text).toBe(200);
    parts.push({ partNumber, etag: put.etag });
  }
  const ids = { token, file_id: init.file_id, upload_id: init.upload_id };
  // What a reloaded page asks to resume: every part PUT so far, in order.
  const stored = expectOk(await pub(h, slug, 'multipart/parts', ids), requestMultipartPartsResultSchema);
  expect(stored.parts.map((part) => part.partNumber)).toEqual(parts.map((part) => part.partNumber));
  expect(stored.part_count).toBe(init.part_count);
  const done = expectOk(
    await pub(h, slug, 'multipart/complete', { ...ids, parts }),
    requestMultipartCompleteResultSchema,
  );
  return expectOk(await commit(h, slug, token, init.file_id, done.etag), requestCommitResultSchema);
}

/** What the object at an explorer path holds, read through the admin's download. */
export async function downloadText(h: FsHarness, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path } }), {
    headers: { authorization: `Bearer ${h.token}` },
  });
  return { status: response.status, text: await response.text() };
}
