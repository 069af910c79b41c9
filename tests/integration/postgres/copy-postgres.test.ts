// Copies on PostgreSQL: a folder copied inside radosgw and indexed, a cross-storage copy from the
// local folder through the worker and its commit, and the quota refusing a copy (the reservations
// run in PostgreSQL's locked transaction).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMounts } from '@shared/api/mounts.endpoints';
import { getStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { fsBatchCopyResultSchema } from '@shared/api/fs-copy.schema';
import { fsSearchResultSchema } from '@shared/api/fs.schema';
import { mountListSchema } from '@shared/api/mount.schema';
import { ErrorCode } from '@shared/errors';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { admin, fsCall, mkdir, startFsHarness, writeText, type FsHarness } from '@tests/integration/fs/fs-harness';

describe('copies on PostgreSQL', () => {
  let h: FsHarness;
  let local: string;
  beforeAll(async () => {
    h = await startFsHarness('s3', { env: { DATABASE_URL: await createTestDatabase('fs_copy') } });
    const mounts = expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(listMounts, {}), mountListSchema);
    local = mounts.find((mount) => mount.storage_type === 'local')?.mount_path ?? '';
    for (const folder of [
      `${h.mountPath}/pg`,
      `${h.mountPath}/pg/a`,
      `${h.mountPath}/pg/a/b`,
      `${local}/pgsrc`,
      `${local}/pgsrc/x`,
      `${local}/pgsrc/x/y`,
    ])
      await mkdir(h, admin(h), folder);
    expect((await writeText(h, admin(h), `${h.mountPath}/pg/a/b/pg-deep.txt`, 'deep')).status).toBe(200);
    expect((await writeText(h, admin(h), `${local}/pgsrc/x/y/pg-cross.txt`, 'cross')).status).toBe(200);
  });
  afterAll(() => h.close());

  const hits = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );

  it('copies a folder inside radosgw and across from the local folder, and indexes both', async () => {
    const inside = expectOk(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${h.mountPath}/pg/a`, targetPath: `${h.mountPath}/pg/a2` }] },
      }),
      fsBatchCopyResultSchema,
    );
    expect(inside).toMatchObject({ success: 1, requiresClientSideCopy: false });
    expect(await hits('pg-deep')).toContain(`${h.mountPath}/pg/a2/b/pg-deep.txt`);

    const plan = expectOk(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${local}/pgsrc`, targetPath: `${h.mountPath}/pg/from-local` }] },
      }),
      fsBatchCopyResultSchema,
    );
    const worker = createWorkerEndpoint({ fetch: globalThis.fetch });
    worker.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
    expect(await worker.copyAcrossStorages({ id: 'pg', scope: 'admin', plan: plan.crossStorageResults })).toMatchObject(
      { status: 'completed', failed: [] },
    );
    expect(await hits('pg-cross')).toContain(`${h.mountPath}/pg/from-local/x/y/pg-cross.txt`);
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
  });

  it('refuses a copy beyond the quota', async () => {
    const used = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(getStorageConfig, { params: { id: h.configId } }),
      z.object({ used_storage_bytes: z.number() }),
    ).used_storage_bytes;
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
      params: { id: h.configId },
      body: { total_storage_bytes: used + 2 },
    });
    expectError(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${h.mountPath}/pg/a`, targetPath: `${h.mountPath}/pg/a3` }] },
      }),
      413,
      ErrorCode.QuotaExceeded,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${local}/pgsrc`, targetPath: `${h.mountPath}/pg/again` }] },
      }),
      413,
      ErrorCode.QuotaExceeded,
    );
  });
});
