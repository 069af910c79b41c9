// The real server on a real PostgreSQL (the throwaway cluster from global-setup.ts): migrations
// on a fresh and on an existing database, then the core flows over HTTP.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenCheckSchema, apiKeyCheckSchema } from '@shared/api/auth.schema';
import { createdApiKeySchema } from '@shared/api/api-key.schema';
import { dashboardStatsSchema } from '@shared/api/dashboard.schema';
import { mountViewSchema } from '@shared/api/mount.schema';
import { pasteCreateResultSchema, userPasteListSchema } from '@shared/api/paste.schema';
import { systemSettingsSchema } from '@shared/api/settings.schema';
import { migrationProvider } from '@server/db/migration-provider';
import { pasteCount } from '@tests/integration/pastes/paste-helpers';
import {
  download,
  presign,
  randomBytesOf,
  sha256,
  startHarness,
  uploadFile,
  type Harness,
} from '@tests/integration/storage/storage-harness';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, testAdmin } from '@tests/integration/support/test-server';

const expectedTables = [
  'admin_tokens',
  'admins',
  'api_keys',
  'attempt_counts',
  'file_request_deliveries',
  'file_request_uploads',
  'file_requests',
  'file_tombstones',
  'file_view_tokens',
  'files',
  'fs_entries',
  'fs_index_state',
  'fs_uploads',
  'idempotency_keys',
  'paste_tombstones',
  'pastes',
  'storage_configs',
  'storage_mounts',
  'system_settings',
  'thumbnails',
  'webdav_locks',
  'webdav_props',
];

describe('PostgreSQL migrations', () => {
  it('create the schema on a fresh database and are a no-op on the existing one', async () => {
    const DATABASE_URL = await createTestDatabase('migrations');
    const first = await startTestServer({ env: { DATABASE_URL } });
    let applied: { key: string; value: string }[];
    try {
      const { rows } = await sql<{ server_version_num: string }>`show server_version_num`.execute(first.db);
      expect(Number(rows[0]?.server_version_num)).toBeGreaterThanOrEqual(150_000);
      const tables = await first.db.introspection.getTables();
      expect(
        tables
          .map((t) => t.name)
          .filter((n) => !n.startsWith('kysely_'))
          .sort(),
      ).toEqual(expectedTables);
      applied = await first.db.selectFrom('system_settings').select(['key', 'value']).orderBy('key').execute();
      expect(applied.map((row) => row.key)).toEqual([
        'allow_guest_pastes',
        'max_upload_size',
        'max_upload_size_unit',
        'webdav_upload_mode',
      ]);
    } finally {
      await first.close({ keepData: true });
    }

    const again = await startTestServer({ env: { DATABASE_URL }, dataDir: first.dataDir });
    try {
      const rerun = await new Migrator({ db: again.db, provider: migrationProvider }).migrateToLatest();
      expect(rerun.error).toBeUndefined();
      expect(rerun.results).toEqual([]);
      expect(await again.db.selectFrom('admins').select('username').execute()).toEqual([
        { username: testAdmin.username },
      ]);
      expect(await again.db.selectFrom('storage_configs').select('id').execute()).toHaveLength(1);
      expect(await again.db.selectFrom('system_settings').select(['key', 'value']).orderBy('key').execute()).toEqual(
        applied,
      );

      const { token } = await login(again.baseUrl);
      expect(
        expectOk(await call(again.baseUrl, 'GET', '/api/test/admin-token', { token }), adminTokenCheckSchema),
      ).toEqual({ username: testAdmin.username });
      const newPassword = 'another correct horse';
      const changed = await call(again.baseUrl, 'POST', '/api/admin/change-password', {
        token,
        json: { currentPassword: testAdmin.password, newPassword },
      });
      expect(changed.status, changed.text).toBe(200);
      expectError(
        await call(again.baseUrl, 'POST', '/api/admin/login', {
          json: { username: testAdmin.username, password: testAdmin.password },
        }),
        401,
        'INVALID_CREDENTIALS',
      );
      const relogged = await login(again.baseUrl, testAdmin.username, newPassword);
      expect(
        expectOk(
          await call(again.baseUrl, 'GET', '/api/test/admin-token', { token: relogged.token }),
          adminTokenCheckSchema,
        ).username,
      ).toBe(testAdmin.username);
    } finally {
      await again.close();
    }
  });
});

describe('core flows on PostgreSQL', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('local', { env: { DATABASE_URL: await createTestDatabase('flows') } });
  });

  afterAll(async () => {
    await h.close();
  });

  it('serve a one-view paste to exactly one of two racing viewers', async () => {
    const paste = expectOk(
      await call(h.server.baseUrl, 'POST', '/api/paste', { token: h.token, json: { content: 'once', maxViews: 1 } }),
      pasteCreateResultSchema,
      201,
    );
    const views = await Promise.all([0, 1].map(() => call(h.server.baseUrl, 'GET', `/api/paste/${paste.slug}`)));
    expect(views.map((v) => v.status).sort()).toEqual([200, 410]);
    expectError(await call(h.server.baseUrl, 'GET', `/api/paste/${paste.slug}`), 410, 'GONE');
  });

  it('replay an idempotent create, also when the retries race', async () => {
    const before = await pasteCount(h.server.db);
    const send = (key: string) =>
      call(h.server.baseUrl, 'POST', '/api/paste', {
        token: h.token,
        headers: { 'idempotency-key': key },
        json: { content: `idempotent ${key}` },
      });
    const first = expectOk(await send('pg-seq'), pasteCreateResultSchema, 201);
    expect(expectOk(await send('pg-seq'), pasteCreateResultSchema, 201).id).toBe(first.id);
    const raced = await Promise.all([send('pg-race'), send('pg-race')]);
    const ids = raced.map((r) => expectOk(r, pasteCreateResultSchema, 201).id);
    expect(ids[1]).toBe(ids[0]);
    expect(await pasteCount(h.server.db)).toBe(before + 2);
  });

  it('accept an API key made through the admin API on /api/user/pastes', async () => {
    const created = expectOk(
      await call(h.server.baseUrl, 'POST', '/api/admin/api-keys', {
        token: h.token,
        json: { name: 'pg text', text_permission: true },
      }),
      createdApiKeySchema,
      201,
    );
    expect(created).toMatchObject({ text_permission: true, file_permission: false, read_only: false });
    const check = expectOk(
      await call(h.server.baseUrl, 'GET', '/api/test/api-key', { apiKey: created.key }),
      apiKeyCheckSchema,
    );
    expect(check.permissions).toEqual({ text: true, file: false, mount: false });
    const own = expectOk(
      await call(h.server.baseUrl, 'POST', '/api/paste', { apiKey: created.key, json: { content: 'from a key' } }),
      pasteCreateResultSchema,
      201,
    );
    const list = expectOk(
      await call(h.server.baseUrl, 'GET', '/api/user/pastes', { apiKey: created.key }),
      userPasteListSchema,
    );
    expect(list.items.map((item) => item.slug)).toEqual([own.slug]);
    expect(list.pagination.total).toBe(1);
  });

  it('refuse a second mount on the same path with 409', async () => {
    const json = { name: 'pg mount', storage_type: 'local', storage_config_id: h.configId, mount_path: '/pg-docs' };
    const mount = expectOk(
      await call(h.server.baseUrl, 'POST', '/api/admin/mounts', { token: h.token, json }),
      mountViewSchema,
      201,
    );
    expect(mount).toMatchObject({ mount_path: '/pg-docs', is_active: true, sort_order: 0 });
    expectError(
      await call(h.server.baseUrl, 'POST', '/api/admin/mounts', { token: h.token, json: { ...json, name: 'again' } }),
      409,
      'CONFLICT',
    );
  });

  it('update the system settings', async () => {
    const json = { max_upload_size: 2, max_upload_size_unit: 'GB', allow_guest_pastes: true };
    const updated = expectOk(
      await call(h.server.baseUrl, 'PUT', '/api/admin/system-settings', { token: h.token, json }),
      systemSettingsSchema,
    );
    expect(updated).toMatchObject({ ...json, max_upload_size_bytes: 2 * 1024 ** 3 });
    expect(
      expectOk(
        await call(h.server.baseUrl, 'GET', '/api/admin/system-settings', { token: h.token }),
        systemSettingsSchema,
      ),
    ).toEqual(updated);
  });

  it('let only as many parallel presigns through as the quota holds (row lock on the config)', async () => {
    const quota = (bytes: number | null) =>
      call(h.server.baseUrl, 'PUT', `/api/s3-configs/${h.configId}`, {
        token: h.token,
        json: { total_storage_bytes: bytes },
      });
    expect((await quota(10_000)).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => presign(h, { filename: `q${i}.bin`, size: 3_000 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(413)]);
    await h.server.db.deleteFrom('files').where('storage_config_id', '=', h.configId).execute();
    expect((await quota(null)).status).toBe(200);
  });

  it('upload through presign, PUT and commit, then download, and count it on the dashboard', async () => {
    const bytes = randomBytesOf(70_000);
    const committed = await uploadFile(h, 'pg.bin', bytes);
    const got = await download(h, committed.slug);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));

    const stats = expectOk(
      await call(h.server.baseUrl, 'GET', '/api/admin/dashboard/stats', { token: h.token }),
      dashboardStatsSchema,
    );
    expect(stats).toMatchObject({ totalFiles: 1, totalStorageConfigs: 1, totalStorageUsed: bytes.length });
    expect(stats.totalPastes).toBe(await pasteCount(h.server.db));
    expect(stats.totalApiKeys).toBeGreaterThanOrEqual(1);
    expect(stats.storage).toEqual([expect.objectContaining({ id: h.configId, usedBytes: bytes.length, fileCount: 1 })]);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.activity.at(-1)).toEqual({ date: today, pastes: stats.totalPastes, files: 1 });
  });
});
