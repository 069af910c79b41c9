// The admin's JSON API for a test's set-up: a token from the login, then calls that must succeed.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { z } from 'zod';
import { E2E_ADMIN } from './env';

export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ data });

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return envelope(z.object({ token: z.string() })).parse(await login.json()).data.token;
}

/** `method` on `/api{path}` as the admin; anything but a 2xx fails the test, naming the call. */
export async function adminCall(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  const response = await request[method](`/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${response.status() < 300 ? '' : await response.text()}`).toBeLessThan(
    300,
  );
  return response;
}

/**
 * Removes everything in a folder. Mounts on the default local storage share its root, and other
 * tests expect an empty mount: a test that writes there clears up after itself.
 */
export async function emptyFolder(request: APIRequestContext, token: string, folder: string): Promise<void> {
  const listed = await adminCall(request, token, 'get', `/admin/fs/list?path=${encodeURIComponent(folder)}`);
  const paths = envelope(z.object({ items: z.array(z.object({ path: z.string() })) }))
    .parse(await listed.json())
    .data.items.map((item) => item.path);
  if (paths.length > 0) await adminCall(request, token, 'post', '/admin/fs/batch-remove', { paths });
}

/** Shares a small file through the API (presign, PUT, commit) and returns its slug. */
/** Shares `body` as a file; `share` adds commit options such as `{ max_views: 1 }`. */
export async function shareFile(
  request: APIRequestContext,
  token: string,
  filename: string,
  body: string,
  mimetype = 'text/plain',
  share: Record<string, unknown> = {},
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const presign = await request.post('/api/s3/presign', {
    headers,
    data: { filename, mimetype, size: Buffer.byteLength(body) },
  });
  expect(presign.status()).toBe(201);
  const { upload_url: url, file_id: fileId } = (
    (await presign.json()) as { data: { upload_url: string; file_id: string } }
  ).data;
  const put = await request.put(url, { headers: { 'content-type': mimetype }, data: body });
  expect(put.status()).toBe(200);
  const commit = await request.post('/api/s3/commit', {
    headers,
    data: { file_id: fileId, etag: put.headers().etag ?? '', size: Buffer.byteLength(body), ...share },
  });
  expect(commit.ok()).toBe(true);
  return ((await commit.json()) as { data: { slug: string } }).data.slug;
}

/** Deletes a share and its stored file: the local storage's root is also a mount that other tests expect empty. */
export async function unshareFile(request: APIRequestContext, token: string, slug: string): Promise<void> {
  const info = await request.get(`/api/public/files/${slug}`);
  expect(info.ok()).toBe(true);
  const { id } = envelope(z.object({ id: z.string() })).parse(await info.json()).data;
  await adminCall(request, token, 'delete', `/admin/files/${id}`);
}
