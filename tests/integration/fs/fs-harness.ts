// The explorer over real HTTP on one driver: a mount on the harness's storage config (the
// bootstrap /local mount, or a new /s3 mount on the radosgw bucket), calls under /admin/fs or
// /user/fs, form uploads, and objects written straight to storage (as another tool would).
import { Readable } from 'node:stream';
import { z } from 'zod';
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
  const mounts = expectOk(
    await call(h.server.baseUrl, 'GET', '/api/admin/mounts', { token: h.token }),
    mountListSchema,
  );
  const local = mounts.find((mount) => mount.storage_config_id === h.configId);
  let mount = local;
  if (mount === undefined) {
    const json = {
      name: 'S3',
      storage_type: 's3',
      storage_config_id: h.configId,
      mount_path: '/s3',
      cache_ttl: options.cacheTtl ?? 300,
    };
    mount = expectOk(
      await call(h.server.baseUrl, 'POST', '/api/admin/mounts', { token: h.token, json }),
      mountViewSchema,
      201,
    );
  } else if (options.cacheTtl !== undefined) {
    expectOk(
      await call(h.server.baseUrl, 'PUT', `/api/admin/mounts/${mount.id}`, {
        token: h.token,
        json: { cache_ttl: options.cacheTtl },
      }),
      mountViewSchema,
    );
  }
  return { ...h, mountPath: mount.mount_path, mountId: mount.id };
}

/** One fs call: `/api/admin/fs/<action>` for an admin token, `/api/user/fs/<action>` for a key. */
export function fsCall(
  h: Harness,
  who: Who,
  method: string,
  action: string,
  request: FsRequest = {},
): Promise<CallResult> {
  const scope = 'token' in who ? 'admin' : 'user';
  const query =
    request.query === undefined
      ? ''
      : `?${new URLSearchParams(Object.entries(request.query).map(([k, v]) => [k, String(v)])).toString()}`;
  return call(h.server.baseUrl, method, `/api/${scope}/fs/${action}${query}`, {
    ...who,
    json: request.json,
    headers: request.headers,
    body: request.body,
  });
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
  const authorization = 'token' in who ? `Bearer ${who.token}` : `ApiKey ${who.apiKey}`;
  const response = await fetch(`${h.server.baseUrl}/api/${scope}/fs/upload`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: response.headers.get('content-type')?.includes('json') === true ? JSON.parse(text) : undefined,
  };
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
