// move inside one storage on each driver, over the real server: files and folders at every level
// (several items in one call) with the search index following; a target that exists; a storage
// that refuses one object midway leaving every file at its source or its target, and the same
// call again finishing the move; and every refusal made before any work.
import { DeleteBucketPolicyCommand, PutBucketPolicyCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMountIndex } from '@shared/api/fs.endpoints';
import { getStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { fsMoveResultSchema, type FsMoveRequest } from '@shared/api/fs-move.schema';
import { fsSearchResultSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { rgwClient } from '@tests/integration/support/rgw';
import { drivers } from '@tests/integration/storage/storage-harness';
import {
  admin,
  fsCall,
  key,
  listAll,
  mkdir,
  namesOf,
  putDirect,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
} from './fs-harness';

const cases = drivers.flatMap((driver) =>
  (['sqlite', 'postgres'] as const).map((database) => [driver, database] as const),
);

describe.each(cases)('move inside one storage on the %s driver and %s', (name, database) => {
  let h: FsHarness;
  let root: string;
  beforeAll(async () => {
    const env = database === 'postgres' ? { DATABASE_URL: await createTestDatabase(`fs_move_${name}`) } : {};
    h = await startFsHarness(name, { env });
    root = `${h.mountPath}/moves`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  const move = (who: Who, body: FsMoveRequest) => fsCall(h, who, 'POST', 'move', { json: body });
  const read = async (path: string) => (await fsCall(h, admin(h), 'GET', 'download', { query: { path } })).text;
  const exists = async (path: string) => (await fsCall(h, admin(h), 'GET', 'get', { query: { path } })).status === 200;
  const search = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );
  /** A folder of `names` (and a nested one, and an empty one) below `path`. */
  const tree = async (path: string, names: readonly string[]) => {
    await mkdir(h, admin(h), path);
    await mkdir(h, admin(h), `${path}/deep`);
    await mkdir(h, admin(h), `${path}/deep/er`);
    await mkdir(h, admin(h), `${path}/empty`);
    for (const file of names)
      expect((await writeText(h, admin(h), `${path}/${file}`, `bytes of ${file}`)).status).toBe(200);
  };

  it('moves a file and a folder at every level in one call, and the index follows', async () => {
    await tree(`${root}/a`, ['one.txt', 'deep/two.txt', 'deep/er/moved-deepest.txt']);
    expect((await writeText(h, admin(h), `${root}/single-moved.txt`, 'single')).status).toBe(200);
    await mkdir(h, admin(h), `${root}/into`);
    const result = expectOk(
      await move(admin(h), {
        items: [
          { sourcePath: `${root}/single-moved.txt`, targetPath: `${root}/into/single-moved.txt` },
          { sourcePath: `${root}/a`, targetPath: `${root}/into/b` },
        ],
      }),
      fsMoveResultSchema,
    );
    expect(result).toMatchObject({ success: 2, skipped: 0, failed: 0, requiresClientSideCopy: false });
    expect(result.details.map((d) => [d.status, d.isDirectory, d.files])).toEqual([
      ['moved', false, 1],
      ['moved', true, 3],
    ]);
    expect(await exists(`${root}/a`)).toBe(false);
    expect(await exists(`${root}/single-moved.txt`)).toBe(false);
    expect(await read(`${root}/into/single-moved.txt`)).toBe('single');
    expect(await read(`${root}/into/b/deep/er/moved-deepest.txt`)).toBe('bytes of deep/er/moved-deepest.txt');
    expect(namesOf((await listAll(h, admin(h), `${root}/into/b`)).items)).toEqual(['deep', 'empty', 'one.txt']);
    expect(await search('moved-deepest')).toEqual([`${root}/into/b/deep/er/moved-deepest.txt`]);
    expect(await search('single-moved')).toEqual([`${root}/into/single-moved.txt`]);
  });

  it('keeps the source where a different file is at the target (skipExisting), and replaces it when asked', async () => {
    expect((await writeText(h, admin(h), `${root}/keep-src.txt`, 'source')).status).toBe(200);
    expect((await writeText(h, admin(h), `${root}/keep-dst.txt`, 'target')).status).toBe(200);
    const item = { sourcePath: `${root}/keep-src.txt`, targetPath: `${root}/keep-dst.txt` };
    const skipped = expectOk(await move(admin(h), { items: [item] }), fsMoveResultSchema);
    expect(skipped.details[0]).toMatchObject({ status: 'skipped', skippedFiles: 1 });
    expect([await read(item.sourcePath), await read(item.targetPath)]).toEqual(['source', 'target']);
    const replaced = expectOk(await move(admin(h), { items: [item], skipExisting: false }), fsMoveResultSchema);
    expect(replaced.details[0]).toMatchObject({ status: 'moved', files: 1 });
    expect(await exists(item.sourcePath)).toBe(false);
    expect(await read(item.targetPath)).toBe('source');
  });

  it('loses nothing when storage refuses one object midway, and the same call again finishes the move', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `f${String(i).padStart(2, '0')}.txt`);
    await tree(`${root}/half`, [...names, 'deep/er/refused-below.txt']);
    const refused = await refuseOne(h, 'moves/half/f05.txt', 'moves/half-moved/f05.txt');
    const item = { sourcePath: `${root}/half`, targetPath: `${root}/half-moved` };
    const first = expectOk(await move(admin(h), { items: [item] }), fsMoveResultSchema);
    expect(first.details[0]).toMatchObject({ status: 'failed', isDirectory: true, files: 12 });
    expect(first.details[0]?.error).toMatch(/1 of 13 files could not be moved/);
    await refused.lift();
    // Every file is at its source or at its target, with its bytes.
    for (const file of [...names, 'deep/er/refused-below.txt']) {
      const at = (await exists(`${root}/half-moved/${file}`)) ? 'half-moved' : 'half';
      expect(await read(`${root}/${at}/${file}`)).toBe(`bytes of ${file}`);
      expect(at).toBe(file === 'f05.txt' ? 'half' : 'half-moved');
    }
    expect(await search('f05.txt')).toEqual([`${root}/half/f05.txt`]);
    expect(await search('refused-below')).toEqual([`${root}/half-moved/deep/er/refused-below.txt`]);
    const again = expectOk(await move(admin(h), { items: [item] }), fsMoveResultSchema);
    expect(again.details[0]).toMatchObject({ status: 'moved', files: 1 });
    expect(await exists(`${root}/half`)).toBe(false);
    for (const file of names) expect(await read(`${root}/half-moved/${file}`)).toBe(`bytes of ${file}`);
    expect(await search('f05.txt')).toEqual([`${root}/half-moved/f05.txt`]);
  });

  it('finishes a move a crash cut short after the copy: a target with the same bytes only loses its source', async () => {
    await tree(`${root}/cut`, ['x.txt', 'deep/y.txt']);
    await mkdir(h, admin(h), `${root}/cut-moved`);
    await mkdir(h, admin(h), `${root}/cut-moved/deep`);
    // What a crash between the copy and the delete leaves: the same bytes at both places.
    expect((await writeText(h, admin(h), `${root}/cut-moved/deep/y.txt`, 'bytes of deep/y.txt')).status).toBe(200);
    const result = expectOk(
      await move(admin(h), { items: [{ sourcePath: `${root}/cut`, targetPath: `${root}/cut-moved` }] }),
      fsMoveResultSchema,
    );
    expect(result.details[0]).toMatchObject({ status: 'moved', files: 2, skippedFiles: 0 });
    expect(await exists(`${root}/cut`)).toBe(false);
    expect(await read(`${root}/cut-moved/x.txt`)).toBe('bytes of x.txt');
  });

  it('moves a file another tool wrote without counting it against the quota, and a counted one stays counted', async () => {
    const used = async () =>
      expectOk(
        await testApi(h.server.baseUrl, asAdmin(h.token)).send(getStorageConfig, { params: { id: h.configId } }),
        z.object({ used_storage_bytes: z.number() }),
      ).used_storage_bytes;
    await mkdir(h, admin(h), `${root}/quota`);
    await putDirect(h, `${root.slice(h.mountPath.length + 1)}/quota/outside.txt`, 'x'.repeat(5000));
    expect((await writeText(h, admin(h), `${root}/quota/inside.txt`, 'y'.repeat(3000))).status).toBe(200);
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(refreshMountIndex, { body: { mount_id: h.mountId } }),
      z.unknown(),
    );
    const before = await used();
    expectOk(
      await move(admin(h), { items: [{ sourcePath: `${root}/quota`, targetPath: `${root}/quota-moved` }] }),
      fsMoveResultSchema,
    );
    expect(await search('outside.txt')).toEqual([`${root}/quota-moved/outside.txt`]);
    expect(await used()).toBe(before);
  });

  it('refuses before any work: into itself, a mount root, a read-only key, outside the base path, a missing source', async () => {
    await tree(`${root}/guarded`, ['g.txt']);
    const refusals: Array<[Who, FsMoveRequest['items'][number], number, ErrorCode]> = [
      [
        admin(h),
        { sourcePath: `${root}/guarded`, targetPath: `${root}/guarded/deep/again` },
        400,
        ErrorCode.BadRequest,
      ],
      [admin(h), { sourcePath: `${root}/guarded`, targetPath: `${root}/guarded` }, 400, ErrorCode.BadRequest],
      [admin(h), { sourcePath: h.mountPath, targetPath: `${root}/mount-root` }, 400, ErrorCode.BadRequest],
      [admin(h), { sourcePath: `${root}/nothing`, targetPath: `${root}/else` }, 404, ErrorCode.NotFound],
      [
        admin(h),
        { sourcePath: `${root}/guarded/g.txt`, targetPath: `${root}/no-folder/g.txt` },
        409,
        ErrorCode.Conflict,
      ],
      [
        await key(h, { basic_path: root, read_only: 1 }),
        { sourcePath: `${root}/guarded/g.txt`, targetPath: `${root}/ro.txt` },
        403,
        ErrorCode.Forbidden,
      ],
    ];
    const scoped = await key(h, { basic_path: `${root}/guarded` });
    for (const targetPath of [`${root}/escaped.txt`, `${root}/guarded/../escaped.txt`, `${root}/guarded-sibling/g.txt`])
      refusals.push([scoped, { sourcePath: `${root}/guarded/g.txt`, targetPath }, 403, ErrorCode.Forbidden]);
    refusals.push([
      scoped,
      { sourcePath: `${root}/single-moved.txt`, targetPath: `${root}/guarded/in.txt` },
      403,
      ErrorCode.Forbidden,
    ]);
    for (const [who, item, status, code] of refusals) expectError(await move(who, { items: [item] }), status, code);
    expect(await exists(`${root}/escaped.txt`)).toBe(false);
    expect(await read(`${root}/guarded/g.txt`)).toBe('bytes of g.txt');
    expectOk(
      await move(scoped, {
        items: [{ sourcePath: `${root}/guarded/g.txt`, targetPath: `${root}/guarded/deep/g.txt` }],
      }),
      fsMoveResultSchema,
    );
    expect(await read(`${root}/guarded/deep/g.txt`)).toBe('bytes of g.txt');
  });
});

/**
 * Makes storage refuse to move one object. radosgw: a bucket policy denying reads of the source
 * (a copy reads it). Local: a non-empty folder where the file would go (a rename cannot replace it).
 */
async function refuseOne(h: FsHarness, sourceKey: string, targetKey: string): Promise<{ lift(): Promise<void> }> {
  if (h.name === 'local') {
    const blocker = `${h.mountPath}/${targetKey}`;
    const parent = blocker.slice(0, blocker.lastIndexOf('/'));
    await mkdir(h, admin(h), parent);
    await mkdir(h, admin(h), blocker);
    expect((await writeText(h, admin(h), `${blocker}/inside.txt`, 'in the way')).status).toBe(200);
    return {
      lift: async () => {
        expect((await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${blocker}/` } })).status).toBe(200);
      },
    };
  }
  const bucket = (await h.config()).bucket_name ?? '';
  const client = rgwClient();
  const policy = {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Deny', Principal: '*', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/${sourceKey}`] },
    ],
  };
  await client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }));
  return {
    lift: async () => {
      await client.send(new DeleteBucketPolicyCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}
