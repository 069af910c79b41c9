// The real server on a real PostgreSQL (the throwaway cluster from global-setup.ts): migrations
// on a fresh and on an existing database, then the core flows over HTTP.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste, listUserPastes, viewPaste } from '@shared/api/paste.endpoints';
import { createApiKey } from '@shared/api/api-keys.endpoints';
import { adminLogin, changeAdminPassword, checkAdminToken, checkApiKey } from '@shared/api/auth.endpoints';
import { getDashboardStats } from '@shared/api/dashboard.endpoints';
import { createMount } from '@shared/api/mounts.endpoints';
import { getSystemSettings, updateSystemSettings } from '@shared/api/settings.endpoints';
import { updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { ErrorCode } from '@shared/errors';
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
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
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
      const admin = testApi(again.baseUrl, asAdmin(token));
      expect(await admin.ok(checkAdminToken, {})).toEqual({ username: testAdmin.username });
      const newPassword = 'another correct horse';
      await admin.ok(changeAdminPassword, { body: { currentPassword: testAdmin.password, newPassword } });
      await testApi(again.baseUrl).fails(
        adminLogin,
        { body: { username: testAdmin.username, password: testAdmin.password } },
        401,
        ErrorCode.InvalidCredentials,
      );
      const relogged = await login(again.baseUrl, testAdmin.username, newPassword);
      expect((await testApi(again.baseUrl, asAdmin(relogged.token)).ok(checkAdminToken, {})).username).toBe(
        testAdmin.username,
      );
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
  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));

  it('serve a one-view paste to exactly one of two racing viewers', async () => {
    const paste = await admin().ok(createPaste, { body: { content: 'once', maxViews: 1 } });
    const views = await Promise.all(
      [0, 1].map(() => testApi(h.server.baseUrl).send(viewPaste, { params: { slug: paste.slug } })),
    );
    expect(views.map((v) => v.status).sort()).toEqual([200, 410]);
    await testApi(h.server.baseUrl).fails(viewPaste, { params: { slug: paste.slug } }, 410, ErrorCode.Gone);
  });

  it('replay an idempotent create, also when the retries race', async () => {
    const before = await pasteCount(h.server.db);
    const send = (key: string) =>
      admin().ok(createPaste, { headers: { 'idempotency-key': key }, body: { content: `idempotent ${key}` } });
    const first = await send('pg-seq');
    expect((await send('pg-seq')).id).toBe(first.id);
    const ids = (await Promise.all([send('pg-race'), send('pg-race')])).map((paste) => paste.id);
    expect(ids[1]).toBe(ids[0]);
    expect(await pasteCount(h.server.db)).toBe(before + 2);
  });

  it('accept an API key made through the admin API on /api/user/pastes', async () => {
    const created = await admin().ok(createApiKey, { body: { name: 'pg text', text_permission: true } });
    expect(created).toMatchObject({ text_permission: true, file_permission: false, read_only: false });
    const key = testApi(h.server.baseUrl, asApiKey(created.key));
    const check = await key.ok(checkApiKey, {});
    expect(check.permissions).toEqual({ text: true, file: false, mount: false });
    const own = await key.ok(createPaste, { body: { content: 'from a key' } });
    const list = await key.ok(listUserPastes, {});
    expect(list.items.map((item) => item.slug)).toEqual([own.slug]);
    expect(list.pagination.total).toBe(1);
  });

  it('refuse a second mount on the same path with 409', async () => {
    const body = {
      name: 'pg mount',
      storage_type: 'local' as const,
      storage_config_id: h.configId,
      mount_path: '/pg-docs',
    };
    const mount = await admin().ok(createMount, { body });
    expect(mount).toMatchObject({ mount_path: '/pg-docs', is_active: true, sort_order: 0 });
    await admin().fails(createMount, { body: { ...body, name: 'again' } }, 409, ErrorCode.Conflict);
  });

  it('update the system settings', async () => {
    const body = { max_upload_size: 2, max_upload_size_unit: 'GB' as const, allow_guest_pastes: true };
    const updated = await admin().ok(updateSystemSettings, { body });
    expect(updated).toMatchObject({ ...body, max_upload_size_bytes: 2 * 1024 ** 3 });
    expect(await admin().ok(getSystemSettings, {})).toEqual(updated);
  });

  it('let only as many parallel presigns through as the quota holds (row lock on the config)', async () => {
    const quota = (bytes: number | null) =>
      admin().ok(updateStorageConfig, { params: { id: h.configId }, body: { total_storage_bytes: bytes } });
    await quota(10_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => presign(h, { filename: `q${i}.bin`, size: 3_000 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(413)]);
    await h.server.db.deleteFrom('files').where('storage_config_id', '=', h.configId).execute();
    await quota(null);
  });

  it('upload through presign, PUT and commit, then download, and count it on the dashboard', async () => {
    const bytes = randomBytesOf(70_000);
    const committed = await uploadFile(h, 'pg.bin', bytes);
    const got = await download(h, committed.slug);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));

    const stats = await admin().ok(getDashboardStats, {});
    expect(stats).toMatchObject({ totalFiles: 1, totalStorageConfigs: 1, totalStorageUsed: bytes.length });
    expect(stats.totalPastes).toBe(await pasteCount(h.server.db));
    expect(stats.totalApiKeys).toBeGreaterThanOrEqual(1);
    expect(stats.storage).toEqual([expect.objectContaining({ id: h.configId, usedBytes: bytes.length, fileCount: 1 })]);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.activity.at(-1)).toEqual({ date: today, pastes: stats.totalPastes, files: 1 });
  });
});
