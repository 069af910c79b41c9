// The admin's JSON API for a test's set-up: a token from the login, then calls that must succeed.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { z } from 'zod';
import { E2E_ADMIN } from './env';

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return envelope(z.object({ token: z.string() })).parse(await login.json()).data.token;
}

/** `method` on `/api{path}` as the admin; anything but a 2xx fails the test, naming the call. */
export async function adminCall(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown): Promise<APIResponse> {
  const response = await request[method](`/api${path}`, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} ${path}: ${response.status() < 300 ? '' : await response.text()}`).toBeLessThan(300);
  return response;
}

/**
 * Removes everything in a folder. Mounts on the default local storage share its root, and other
 * tests expect an empty mount: a test that writes there clears up after itself.
 */
export async function emptyFolder(request: APIRequestContext, token: string, folder: string): Promise<void> {
  const listed = await adminCall(request, token, 'get', `/admin/fs/list?path=${encodeURIComponent(folder)}`);
  const paths = envelope(z.object({ items: z.array(z.object({ path: z.string() })) })).parse(await listed.json()).data.items.map((item) => item.path);
  if (paths.length > 0) await adminCall(request, token, 'post', '/admin/fs/batch-remove', { paths });
}
