import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod } from '@shared/http/endpoint';
import { refreshMountIndex } from '@shared/api/fs.endpoints';
import { createMount, listMounts } from '@shared/api/mounts.endpoints';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import * as z from 'zod/mini';
import { fsPresignResultSchema, fsSearchResultSchema } from '@shared/api/fs.schema';
import { mountViewSchema } from '@shared/api/mount.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers } from '@tests/integration/storage/storage-harness';
import {
  admin,
  formUpload,
  fsCall,
  key,
  list,
  mkdir,
  namesOf,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
  type FsAction,
} from './fs-harness';

describe.each(drivers)('mount explorer permissions on the %s driver', (name) => {
  let h: FsHarness;
  let m: string;
  let sibling: string;
  let docsKey: Who;
  let teamKey: Who;
  let readOnly: Who;
  beforeAll(async () => {
    h = await startFsHarness(name);
    m = h.mountPath;
    sibling = `${m}-sibling`;
    const json = { name: 'sibling', storage_type: name, storage_config_id: h.configId, mount_path: sibling };
    expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(createMount, { body: json }), mountViewSchema, 201);
    for (const folder of ['docs', 'docs/team', 'docsbar', 'other']) await mkdir(h, admin(h), `${m}/${folder}`);
    for (const path of [
      `${m}/docs/report-a.txt`,
      `${m}/docs/team/report-b.txt`,
      `${m}/docsbar/report-c.txt`,
      `${m}/other/report-d.txt`,
      `${sibling}/report-e.txt`,
    ]) {
      expect((await writeText(h, admin(h), path, path)).status).toBe(200);
    }
    docsKey = await key(h, { basic_path: `${m}/docs` });
    teamKey = await key(h, { basic_path: `${m}/docs/team` });
    readOnly = await key(h, { basic_path: `${m}/docs`, read_only: 1 });
  });
  afterAll(() => h.close());

  it('shows a key only its base path and the folders leading to it', async () => {
    const top = await list(h, docsKey, '/');
    expect(top.items.map((item) => item.path)).toEqual([`${m}/`]);
    expect(namesOf((await list(h, docsKey, m)).items)).toEqual(['docs']);
    expect((await list(h, docsKey, m)).canWrite).toBe(false);
    expect(namesOf((await list(h, teamKey, `${m}/docs`)).items)).toEqual(['team']);
    const inside = await list(h, docsKey, `${m}/docs`);
    expect(namesOf(inside.items)).toEqual(['team', 'report-a.txt']);
    expect(inside.canWrite).toBe(true);
  });

  it.each([
    ['a sibling folder sharing a prefix', (m: string) => `${m}/docsbar`, 403],
    ['a sibling mount', (m: string) => `${m}-sibling`, 403],
    ['.. out of the base', (m: string) => `${m}/docs/../docsbar`, 403],
    ['an encoded ..', (m: string) => `${m}/docs/%2e%2e/other`, 403],
    ['an encoded slash', (m: string) => `${m}/docs%2F..%2Fother`, 400],
    ['an encoded backslash', (m: string) => `${m}/docs/%5c..`, 400],
    ['a backslash', (m: string) => `${m}/docs\\..\\other`, 400],
    ['a relative path', () => 'docs', 400],
    ['a climb above /', () => '/../..', 400],
    ['a double slash that lands outside', (m: string) => `/${m}//docsbar`, 403],
  ])('refuses %s', async (_label, pathOf, status) => {
    const path = pathOf(m);
    const code = status === 403 ? ErrorCode.Forbidden : ErrorCode.ValidationFailed;
    for (const action of ['get', 'download', 'file-link'] as const)
      expectError(await fsCall(h, docsKey, 'GET', action, { query: { path } }), status, code);
    expectError(await fsCall(h, docsKey, 'GET', 'list', { query: { path } }), status, code);
    expectError(await fsCall(h, docsKey, 'POST', 'mkdir', { json: { path: `${path}/new` } }), status, code);
    expectError(await fsCall(h, docsKey, 'DELETE', 'remove', { query: { path } }), status, code);
  });

  it('allows the base itself and what is below it, and writes stay inside', async () => {
    expect((await writeText(h, docsKey, `${m}/docs/by-key.txt`, 'mine')).status).toBe(200);
    await mkdir(h, docsKey, `${m}/docs/key-folder`);
    expect((await formUpload(h, docsKey, `${m}/docs/key-folder`, 'up.txt', 'hi')).status).toBe(201);
    expectError(
      await fsCall(h, docsKey, 'POST', 'rename', {
        json: { oldPath: `${m}/docs/by-key.txt`, newPath: `${m}/docsbar/by-key.txt` },
      }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await fsCall(h, docsKey, 'POST', 'rename', {
        json: { oldPath: `${m}/docsbar/report-c.txt`, newPath: `${m}/docs/stolen.txt` },
      }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await fsCall(h, docsKey, 'POST', 'presign', {
        json: { path: `${m}/docs/../docsbar`, fileName: 'x.txt', fileSize: 1 },
      }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await fsCall(h, docsKey, 'POST', 'update', { json: { path: `${m}/other/report-d.txt`, content: 'overwritten' } }),
      403,
      ErrorCode.Forbidden,
    );
    const batch = await fsCall(h, docsKey, 'POST', 'batch-remove', {
      json: { paths: [`${m}/docs/by-key.txt`, `${m}/docsbar/report-c.txt`] },
    });
    expectError(batch, 403, ErrorCode.Forbidden);
    expect((await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${m}/docs/by-key.txt` } })).status).toBe(200);
  });

  it('refuses every write of a read-only key with 403 and still lets it read', async () => {
    expect((await list(h, readOnly, `${m}/docs`)).canWrite).toBe(false);
    expect((await fsCall(h, readOnly, 'GET', 'get', { query: { path: `${m}/docs/report-a.txt` } })).status).toBe(200);
    expect((await fsCall(h, readOnly, 'GET', 'download', { query: { path: `${m}/docs/report-a.txt` } })).status).toBe(
      200,
    );
    const writes: Array<[HttpMethod, FsAction, { json?: unknown; query?: Record<string, string> }]> = [
      ['POST', 'mkdir', { json: { path: `${m}/docs/ro` } }],
      ['POST', 'update', { json: { path: `${m}/docs/ro.txt`, content: 'x' } }],
      ['POST', 'presign', { json: { path: `${m}/docs`, fileName: 'ro.txt', fileSize: 1 } }],
      ['POST', 'multipart/init', { json: { path: `${m}/docs`, fileName: 'ro.bin', fileSize: 1 } }],
      ['POST', 'rename', { json: { oldPath: `${m}/docs/report-a.txt`, newPath: `${m}/docs/ro.txt` } }],
      ['DELETE', 'remove', { query: { path: `${m}/docs/report-a.txt` } }],
      ['POST', 'batch-remove', { json: { paths: [`${m}/docs/report-a.txt`] } }],
    ];
    for (const [method, action, request] of writes)
      expectError(await fsCall(h, readOnly, method, action, request), 403, ErrorCode.Forbidden);
    expectError(await formUpload(h, readOnly, `${m}/docs`, 'ro.txt', 'x'), 403, ErrorCode.Forbidden);
    expect((await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${m}/docs/report-a.txt` } })).status).toBe(200);
  });

  it('never lets a key finish another caller’s upload', async () => {
    const signed = expectOk(
      await fsCall(h, docsKey, 'POST', 'presign', { json: { path: `${m}/docs`, fileName: 'theirs.txt', fileSize: 2 } }),
      fsPresignResultSchema,
      201,
    );
    expectError(
      await fsCall(h, teamKey, 'POST', 'presign/commit', { json: { uploadId: signed.uploadId } }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await fsCall(h, teamKey, 'POST', 'multipart/abort', { json: { uploadId: signed.uploadId } }),
      404,
      ErrorCode.NotFound,
    );
  });

  it('keeps search inside the base path, whatever the scope', async () => {
    const hits = async (who: Who, query: Record<string, string>) =>
      expectOk(await fsCall(h, who, 'GET', 'search', { query: { q: 'report', ...query } }), fsSearchResultSchema)
        .results.map((hit) => hit.path)
        .sort();
    expect(await hits(admin(h), {})).toEqual(
      [
        `${m}/docs/report-a.txt`,
        `${m}/docs/team/report-b.txt`,
        `${m}/docsbar/report-c.txt`,
        `${m}/other/report-d.txt`,
        `${sibling}/report-e.txt`,
      ].sort(),
    );
    expect(await hits(docsKey, {})).toEqual([`${m}/docs/report-a.txt`, `${m}/docs/team/report-b.txt`]);
    expect(await hits(teamKey, {})).toEqual([`${m}/docs/team/report-b.txt`]);
    expect(await hits(docsKey, { scope: 'mount', mount_id: h.mountId })).toEqual([
      `${m}/docs/report-a.txt`,
      `${m}/docs/team/report-b.txt`,
    ]);
    expect(await hits(docsKey, { scope: 'directory', path: `${m}/docs/team` })).toEqual([
      `${m}/docs/team/report-b.txt`,
    ]);
    expect(await hits(teamKey, { scope: 'directory', path: m })).toEqual([`${m}/docs/team/report-b.txt`]);
    expect(await hits(admin(h), { scope: 'directory', path: `${m}/docs` })).toEqual([
      `${m}/docs/report-a.txt`,
      `${m}/docs/team/report-b.txt`,
    ]);
    expectError(
      await fsCall(h, docsKey, 'GET', 'search', { query: { q: 'report', scope: 'directory', path: `${m}/docsbar` } }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await fsCall(h, docsKey, 'GET', 'search', {
        query: { q: 'report', scope: 'directory', path: `${m}/docs/%2e%2e/docsbar` },
      }),
      403,
      ErrorCode.Forbidden,
    );
    const siblingId =
      expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(listMounts, {}), z.array(mountViewSchema)).find(
        (mount) => mount.mount_path === sibling,
      )?.id ?? '';
    expectError(
      await fsCall(h, docsKey, 'GET', 'search', { query: { q: 'report', scope: 'mount', mount_id: siblingId } }),
      404,
      ErrorCode.NotFound,
    );
    expectError(await fsCall(h, docsKey, 'GET', 'search', { query: { q: 'r' } }), 400, ErrorCode.ValidationFailed);
    expectError(await fsCall(h, docsKey, 'GET', 'search', { query: { q: ' r ' } }), 400, ErrorCode.ValidationFailed);
  });

  it('needs mount permission; the admin-only refresh refuses keys', async () => {
    const fileKey = await key(h, { mount_permission: 0, file_permission: 1 });
    expectError(await fsCall(h, fileKey, 'GET', 'list', { query: { path: '/' } }), 403, ErrorCode.Forbidden);
    const refresh = await testApi(h.server.baseUrl, asApiKey('apiKey' in docsKey ? docsKey.apiKey : '')).send(
      refreshMountIndex,
      { body: { mount_id: h.mountId } },
    );
    expectError(refresh, 403, ErrorCode.Forbidden);
  });
});
