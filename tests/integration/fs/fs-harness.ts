// The explorer over real HTTP on one driver: a mount on the harness's storage config (the
// bootstrap /local mount, or a new /s3 mount on the radosgw bucket), calls under /admin/fs or
// /user/fs, form uploads, and objects written straight to storage (as another tool would).
import { Readable } from 'node:stream';
import { z } from 'zod';
import { adminFsEndpoints, fsEndpointsOf, refreshMountIndex, userFsEndpoints } from '@shared/api/fs.endpoints';
import { removeWebdavLocks } from '@shared/api/fs-locks.endpoints';
import { adminFsMoveEndpoints, userFsMoveEndpoints } from '@shared/api/fs-move.endpoints';
import { adminFsShare, userFsShare } from '@shared/api/fs-share.endpoints';
import {
  adminThumbnail,
  adminThumbnailUpload,
  userThumbnail,
  userThumbnailUpload,
} from '@shared/api/fs-thumbnail.endpoints';
import { createMount, listMounts, updateMount } from '@shared/api/mounts.endpoints';
import type { Credentials } from '@shared/http/api-client';
import { endpointAddress, type HttpMethod } from '@shared/http/endpoint';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { fsEntrySchema, fsListingSchema, type FsEntry } from '@shared/api/fs.schema';
import { mountListSchema, mountViewSchema } from '@shared/api/mount.schema';
import type { NewApiKey } from '@server/db/schema';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { call, expectOk, type CallResult } from '@tests/integration/support/http';
import { startHarness, type DriverName, type Harness } from '@tests/integration/storage/storage-harness';
import type { TestServerOptions } from '@tests/integration/support/test-server';

export type FsHarness = Harness & { mountPath: string; mountId: string };
export type Who = { token: string } | { apiKey: string };
export type FsRequest = {
  query?: Record<string, string | number | boolean>;
  json?: unknown;
  headers?: Record<string, string>;
  body?: string;
};

export async function startFsHarness(
  name: DriverName,
  options: TestServerOptions & { cacheTtl?: number } = {},
): Promise<FsHarness> {
  const h = await startHarness(name, options);
  const mounts = expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(listMounts, {}), mountListSchema);
  const local = mounts.find((mount) => mount.storage_config_id === h.configId);
  let mount = local;
  if (mount === undefined) {
    const json = {
      name: 'S3',
      storage_type: 's3' as const,
      storage_config_id: h.configId,
      mount_path: '/s3',
      cache_ttl: options.cacheTtl ?? 300,
    };
    mount = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createMount, { body: json }),
      mountViewSchema,
      201,
    );
  } else if (options.cacheTtl !== undefined) {
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateMount, {
        params: { id: mount.id },
        body: { cache_ttl: options.cacheTtl },
      }),
      mountViewSchema,
    );
  }
  return { ...h, mountPath: mount.mount_path, mountId: mount.id };
}

const fsRoutes = [
  ...Object.values(adminFsEndpoints),
  ...Object.values(userFsEndpoints),
  ...Object.values(adminFsMoveEndpoints),
  ...Object.values(userFsMoveEndpoints),
  adminFsShare,
  userFsShare,
  removeWebdavLocks,
  refreshMountIndex,
  adminThumbnail,
  userThumbnail,
  adminThumbnailUpload,
  userThumbnailUpload,
];
type FsRoute = (typeof fsRoutes)[number];
type ActionIn<P> = P extends `/${'admin' | 'user'}/fs/${infer A}` ? A : never;
/** The actions under /admin/fs and /user/fs that answer `method`, as the endpoint definitions name them. */
export type FsAction<M extends HttpMethod = HttpMethod> = FsRoute extends infer R
  ? R extends { method: M; path: infer P }
    ? ActionIn<P>
    : never
  : never;

/**
 * One fs call: `/api/admin/fs/<action>` for an admin token, `/api/user/fs/<action>` for a key, its
 * address taken from the endpoint definition (an action or method the contract lacks does not
 * compile). The body goes as given, so a test may send what the contract refuses.
 */
export function fsCall<M extends HttpMethod>(
  h: Harness,
  who: Who,
  method: M,
  action: FsAction<M>,
  request: FsRequest = {},
): Promise<CallResult> {
  const scope = 'token' in who ? 'admin' : 'user';
  const endpoint = fsRoutes.find((route) => route.method === method && route.path === `/${scope}/fs/${action}`);
  if (endpoint === undefined) throw new Error(`no endpoint ${method} /${scope}/fs/${action}`);
  return call(h.server.baseUrl, method, endpointAddress('/api', endpoint, { query: request.query }), {
    ...who,
    json: request.json,
    headers: request.headers,
    body: request.body,
  });
}

/** The typed client's credentials for `who`. */
export function credentialsOf(who: Who): Credentials {
  return 'token' in who ? asAdmin(who.token) : asApiKey(who.apiKey);
}

export function admin(h: Harness): Who {
  return { token: h.token };
}

export async function key(h: Harness, overrides: Partial<NewApiKey> = {}): Promise<Who> {
  return { apiKey: (await insertApiKey(h.server.db, { mount_permission: 1, ...overrides })).key };
}

export async function list(h: Harness, who: Who, path: string, extra: Record<string, string | number> = {}) {
  return expectOk(await fsCall(h, who, 'GET', 'list', { query: { path, ...extra } }), fsListingSchema);
}

/** Every entry of a folder, following the cursor to the last page. */
export async function listAll(
  h: Harness,
  who: Who,
  path: string,
  limit?: number,
): Promise<{ items: FsEntry[]; pages: number }> {
  const items: FsEntry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: Record<string, string | number> = limit === undefined ? {} : { limit };
    if (cursor !== null) query.cursor = cursor;
    const page = await list(h, who, path, query);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { items, pages };
}

export async function writeText(h: Harness, who: Who, path: string, content: string) {
  return fsCall(h, who, 'POST', 'update', { json: { path, content } });
}

export async function mkdir(h: Harness, who: Who, path: string): Promise<FsEntry> {
  return expectOk(await fsCall(h, who, 'POST', 'mkdir', { json: { path } }), fsEntrySchema, 201);
}

/** A multipart form upload through fetch's own encoder. */
export async function formUpload(
  h: Harness,
  who: Who,
  folder: string,
  name: string,
  bytes: Uint8Array | string,
  type = 'application/octet-stream',
): Promise<CallResult> {
  const scope = 'token' in who ? 'admin' : 'user';
  const form = new FormData();
  form.set('path', folder);
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return testApi(h.server.baseUrl, credentialsOf(who)).send(fsEndpointsOf(scope).upload, { body: form });
}

/** Puts an object straight into storage, as a tool other than Clipdock would. */
export async function putDirect(h: Harness, key: string, content: string | Buffer, type = 'text/plain'): Promise<void> {
  const driver = await h.driver();
  await driver.putObject(key, Readable.from([Buffer.from(content)]), type);
}

/** Puts many objects straight into storage, a few at a time. */
export async function putManyDirect(h: Harness, keys: readonly string[], concurrency = 16): Promise<void> {
  const driver = await h.driver();
  for (let i = 0; i < keys.length; i += concurrency) {
    await Promise.all(
      keys.slice(i, i + concurrency).map((k) => driver.putObject(k, Readable.from([Buffer.from(k)]), 'text/plain')),
    );
  }
}

export const namesOf = (items: readonly FsEntry[]) => items.map((item) => item.name);
export const okSchema = z.unknown();
