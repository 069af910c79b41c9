import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMount, getMount, updateMount } from '@shared/api/mounts.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import {
  FS_EDIT_MAX_BYTES,
  fsBatchRemoveResultSchema,
  fsEntryDetailSchema,
  fsRefreshResultSchema,
  fsRemoveResultSchema,
  fsRenameResultSchema,
  fsSearchResultSchema,
  fsUpdateResultSchema,
} from '@shared/api/fs.schema';
import { mountViewSchema } from '@shared/api/mount.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers } from '@tests/integration/storage/storage-harness';
import {
  admin,
  fsCall,
  list,
  listAll,
  mkdir,
  namesOf,
  putDirect,
  putManyDirect,
  startFsHarness,
  writeText,
  type FsHarness,
} from './fs-harness';

describe.each(drivers)('mount explorer changes on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  /** The object key of an explorer path in the harness's mount. */
  const keyOf = (path: string) => path.slice(h.mountPath.length + 1);
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/changes`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  const search = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );
  const exists = async (path: string) => (await fsCall(h, admin(h), 'GET', 'get', { query: { path } })).status === 200;

  it('mkdir answers 409 when the folder exists, a file has the name, or the parent is missing', async () => {
    const entry = await mkdir(h, admin(h), `${root}/new-folder`);
    expect(entry).toMatchObject({ name: 'new-folder', path: `${root}/new-folder/`, isDirectory: true });
    expectError(
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${root}/new-folder` } }),
      409,
      ErrorCode.Conflict,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${root}/no/parent` } }),
      409,
      ErrorCode.Conflict,
    );
    expect((await writeText(h, admin(h), `${root}/a-file`, 'x')).status).toBe(200);
    expectError(
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${root}/a-file` } }),
      409,
      ErrorCode.Conflict,
    );
    expectError(await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: h.mountPath } }), 409, ErrorCode.Conflict);
    expect(
      expectOk(await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${root}/new-folder` } }), fsEntryDetailSchema),
    ).toMatchObject({ isDirectory: true, preview_url: null });
  });

  it('update writes text up to 10 MB, creating the file when missing, and keeps the index current', async () => {
    const created = expectOk(await writeText(h, admin(h), `${root}/notes.md`, '# one'), fsUpdateResultSchema);
    expect(created).toMatchObject({ isNewFile: true, size: 5, contentType: 'text/markdown' });
    const changed = expectOk(await writeText(h, admin(h), `${root}/notes.md`, '# two, longer'), fsUpdateResultSchema);
    expect(changed).toMatchObject({ isNewFile: false, size: 13 });
    expect(changed.etag).not.toBe(created.etag);
    expect(await search('notes.m')).toEqual([`${root}/notes.md`]);
    expectError(await writeText(h, admin(h), `${root}/missing/notes.md`, 'x'), 409, ErrorCode.Conflict);
    expectError(
      await writeText(h, admin(h), `${root}/too-big.txt`, 'x'.repeat(FS_EDIT_MAX_BYTES + 1)),
      400,
      ErrorCode.ValidationFailed,
    );
    expectOk(
      await writeText(h, admin(h), `${root}/just-fits.txt`, 'y'.repeat(FS_EDIT_MAX_BYTES)),
      fsUpdateResultSchema,
    );
  });

  it('renames files and whole folder trees inside a mount, and the index follows', async () => {
    const tree = `${root}/tree`;
    await mkdir(h, admin(h), tree);
    await mkdir(h, admin(h), `${tree}/level1`);
    await mkdir(h, admin(h), `${tree}/level1/level2`);
    for (const path of [`${tree}/top.txt`, `${tree}/level1/mid.txt`, `${tree}/level1/level2/deep-leaf.txt`])
      expect((await writeText(h, admin(h), path, path)).status).toBe(200);

    const file = expectOk(
      await fsCall(h, admin(h), 'POST', 'rename', {
        json: { oldPath: `${tree}/top.txt`, newPath: `${tree}/renamed.txt` },
      }),
      fsRenameResultSchema,
    );
    expect(file).toMatchObject({ isDirectory: false, moved: 1, newPath: `${tree}/renamed.txt` });
    const moved = expectOk(
      await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: tree, newPath: `${root}/moved` } }),
      fsRenameResultSchema,
    );
    expect(moved).toMatchObject({ isDirectory: true, oldPath: `${tree}/`, newPath: `${root}/moved/` });
    expect(moved.moved).toBeGreaterThanOrEqual(3);
    expect(await exists(tree)).toBe(false);
    expect(namesOf((await list(h, admin(h), `${root}/moved/level1/level2`)).items)).toEqual(['deep-leaf.txt']);
    expect(await search('deep-leaf')).toEqual([`${root}/moved/level1/level2/deep-leaf.txt`]);
    expect(await search('level2')).toEqual([`${root}/moved/level1/level2/`]);

    await mkdir(h, admin(h), `${root}/other`);
    expectError(
      await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: `${root}/moved`, newPath: `${root}/other` } }),
      409,
      ErrorCode.Conflict,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'rename', {
        json: { oldPath: `${root}/moved`, newPath: `${root}/moved/inside` },
      }),
      400,
      ErrorCode.BadRequest,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: `${root}/nothing`, newPath: `${root}/else` } }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'rename', {
        json: { oldPath: `${root}/moved`, newPath: `${root}/no-parent/x` },
      }),
      409,
      ErrorCode.Conflict,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: h.mountPath, newPath: `${h.mountPath}-2` } }),
      400,
      ErrorCode.BadRequest,
    );
  });

  it('refuses a rename across mounts', async () => {
    const json = {
      name: 'second',
      storage_type: name,
      storage_config_id: h.configId,
      mount_path: `${h.mountPath}-second`,
    };
    expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(createMount, { body: json }), mountViewSchema, 201);
    expect((await writeText(h, admin(h), `${root}/cross.txt`, 'x')).status).toBe(200);
    expectError(
      await fsCall(h, admin(h), 'POST', 'rename', {
        json: { oldPath: `${root}/cross.txt`, newPath: `${h.mountPath}-second/cross.txt` },
      }),
      400,
      ErrorCode.BadRequest,
    );
  });

  it('removes a file or a whole tree, and batch-remove reports each path', async () => {
    const tree = `${root}/doomed`;
    await mkdir(h, admin(h), tree);
    await mkdir(h, admin(h), `${tree}/sub`);
    await putManyDirect(
      h,
      Array.from({ length: 30 }, (_, i) => keyOf(`${tree}/sub/f${i}.txt`)),
    );
    expect((await writeText(h, admin(h), `${tree}/doomed-file.txt`, 'bye')).status).toBe(200);
    const gone = expectOk(
      await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${tree}/` } }),
      fsRemoveResultSchema,
    );
    expect(gone.removed).toBeGreaterThanOrEqual(31);
    expect(await exists(tree)).toBe(false);
    expect(await search('doomed-file')).toEqual([]);
    expectError(await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: tree } }), 404, ErrorCode.NotFound);
    expectError(
      await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: h.mountPath } }),
      400,
      ErrorCode.BadRequest,
    );

    for (const file of ['b1.txt', 'b2.txt'])
      expect((await writeText(h, admin(h), `${root}/${file}`, file)).status).toBe(200);
    await mkdir(h, admin(h), `${root}/bdir`);
    expect((await writeText(h, admin(h), `${root}/bdir/inner.txt`, 'i')).status).toBe(200);
    const paths = [
      `${root}/b1.txt`,
      `${root}/bdir/inner.txt`,
      `${root}/bdir`,
      `${root}/b2.txt`,
      `${root}/not-there.txt`,
    ];
    const batch = expectOk(
      await fsCall(h, admin(h), 'POST', 'batch-remove', { json: { paths } }),
      fsBatchRemoveResultSchema,
    );
    expect(batch.success).toBe(4);
    expect(batch.failed).toEqual([
      { path: `${root}/not-there.txt`, code: ErrorCode.NotFound, error: expect.any(String) },
    ]);
    for (const path of paths) expect(await exists(path)).toBe(false);
  });

  it('pages a folder of more than 1,000 entries to its last one, folders first within each page', async () => {
    const big = `${root}/big`;
    await mkdir(h, admin(h), big);
    const files = Array.from({ length: 1_050 }, (_, i) => `file-${String(i).padStart(4, '0')}.txt`);
    await putManyDirect(
      h,
      files.map((file) => keyOf(`${big}/${file}`)),
    );
    for (const folder of ['aaa', 'mmm', 'zzz']) await putDirect(h, keyOf(`${big}/${folder}/inside.txt`), 'x');
    const { items, pages } = await listAll(h, admin(h), big);
    expect(pages).toBeGreaterThan(5);
    expect(items).toHaveLength(1_053);
    expect(new Set(items.map((item) => item.path)).size).toBe(1_053);
    expect(items.filter((item) => !item.isDirectory).map((item) => item.name)).toEqual(files);
    // Storage order is key order (`mmm/` sorts after the files); each page puts its folders first.
    const first = await list(h, admin(h), big, { limit: 1000 });
    expect(first.items.slice(0, 2).map((item) => item.name)).toEqual(['aaa', 'file-0000.txt']);
    const rest = await list(h, admin(h), big, { limit: 1000, cursor: first.nextCursor ?? '' });
    expect(rest.items.slice(0, 2).map((item) => item.name)).toEqual(['mmm', 'zzz']);
    expect(rest.items[2]?.isDirectory).toBe(false);
    expect(rest.nextCursor).toBeNull();
    expect(first.items.length + rest.items.length).toBe(1_053);
    expectError(
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: root, cursor: first.nextCursor ?? '' } }),
      400,
      ErrorCode.ValidationFailed,
    );
    expectError(
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: big, cursor: `${first.nextCursor ?? ''}x` } }),
      400,
      ErrorCode.ValidationFailed,
    );
  });

  it('caches listings for the mount cache_ttl; writes through the app and a refresh clear them', async () => {
    const dir = `${root}/cached`;
    await mkdir(h, admin(h), dir);
    expect(namesOf((await list(h, admin(h), dir)).items)).toEqual([]);
    await putDirect(h, keyOf(`${dir}/outside.txt`), 'from another tool');
    expect(namesOf((await list(h, admin(h), dir)).items)).toEqual([]);
    expect((await writeText(h, admin(h), `${dir}/inside.txt`, 'through the app')).status).toBe(200);
    expect(namesOf((await list(h, admin(h), dir)).items)).toEqual(['inside.txt', 'outside.txt']);

    await putDirect(h, keyOf(`${dir}/later.txt`), 'later');
    expect(await search('later.tx')).toEqual([]);
    const refreshed = expectOk(
      await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: h.mountId } }),
      fsRefreshResultSchema,
    );
    expect(refreshed).toMatchObject({ mount_id: h.mountId });
    expect(namesOf((await list(h, admin(h), dir)).items)).toEqual(['inside.txt', 'later.txt', 'outside.txt']);
    expect(await search('later.tx')).toEqual([`${dir}/later.txt`]);
    const mount = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(getMount, { params: { id: h.mountId } }),
      mountViewSchema,
    );
    expect(mount.last_refresh_at).toBe(refreshed.last_refresh_at);

    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateMount, {
        params: { id: h.mountId },
        body: { cache_ttl: 0 },
      }),
      mountViewSchema,
    );
    await list(h, admin(h), dir);
    await putDirect(h, keyOf(`${dir}/uncached.txt`), 'now');
    expect(namesOf((await list(h, admin(h), dir)).items)).toContain('uncached.txt');
  });

  it('keeps the index of a mount that moves to another path', async () => {
    const json = { name: 'moving', storage_type: name, storage_config_id: h.configId, mount_path: '/moving-mount' };
    const mount = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createMount, { body: json }),
      mountViewSchema,
      201,
    );
    expect((await writeText(h, admin(h), '/moving-mount/travelling-note.txt', 'x')).status).toBe(200);
    expect(await search('travelling-note')).toEqual(['/moving-mount/travelling-note.txt']);
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateMount, {
        params: { id: mount.id },
        body: { mount_path: '/moved-mount' },
      }),
      mountViewSchema,
    );
    expect(await search('travelling-note')).toEqual(['/moved-mount/travelling-note.txt']);
  });

  it('refresh drops index entries whose objects other tools removed, and counts them', async () => {
    await putDirect(h, keyOf(`${root}/ephemeral-one.txt`), '1');
    expectOk(await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: h.mountId } }), fsRefreshResultSchema);
    expect(await search('ephemeral-one')).toEqual([`${root}/ephemeral-one.txt`]);
    await (await h.driver()).deleteMany([keyOf(`${root}/ephemeral-one.txt`)]);
    const again = expectOk(
      await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: h.mountId } }),
      fsRefreshResultSchema,
    );
    expect(again.removed).toBeGreaterThanOrEqual(1);
    expect(await search('ephemeral-one')).toEqual([]);
    expectError(
      await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: 'no-such-mount' } }),
      404,
      ErrorCode.NotFound,
    );
  });
});
