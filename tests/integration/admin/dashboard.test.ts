import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getVersion } from '@shared/api/system.endpoints';
import { getDashboardStats } from '@shared/api/dashboard.endpoints';
import { ErrorCode } from '@shared/errors';
import { defaultLocalConfigName } from '@server/modules/storage-configs/storage-bootstrap.service';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { insertFile, insertPaste, insertStorageConfig } from './admin-fixtures';

describe('GET /api/admin/dashboard/stats', () => {
  let server: TestServer;
  let token: string;
  beforeEach(async () => {
    server = await startTestServer({ clock: new ManualClock(Date.parse('2031-03-10T10:00:00.000Z')) });
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const stats = () => testApi(server.baseUrl, asAdmin(token)).ok(getDashboardStats, {});

  /** The local config every fresh install starts with, as the dashboard reports it while unused. */
  const bootstrapStorage = async () => {
    const { id } = await server.db
      .selectFrom('storage_configs')
      .select('id')
      .where('name', '=', defaultLocalConfigName)
      .executeTakeFirstOrThrow();
    return {
      id,
      name: defaultLocalConfigName,
      driver: 'local',
      providerType: 'Local',
      usedBytes: 0,
      quotaBytes: null,
      fileCount: 0,
      usagePercent: null,
    };
  };

  it('reports zeros, the bootstrap local storage and seven empty days on a fresh install', async () => {
    const data = await stats();
    expect(data).toMatchObject({
      totalPastes: 0,
      totalFiles: 0,
      totalApiKeys: 0,
      totalStorageConfigs: 1,
      totalStorageUsed: 0,
    });
    expect(data.storage).toEqual([await bootstrapStorage()]);
    expect(data.activity.map((d) => d.date)).toEqual([
      '2031-03-04',
      '2031-03-05',
      '2031-03-06',
      '2031-03-07',
      '2031-03-08',
      '2031-03-09',
      '2031-03-10',
    ]);
    expect(data.activity.every((d) => d.pastes === 0 && d.files === 0)).toBe(true);
    expect(data.cache).toEqual({ directory: 0, s3Url: 0, search: 0 });
    expect(data.notices).toEqual([]);
  });

  it('warns once requests arrive through a proxy while TRUST_PROXY is off', async () => {
    await testApi(server.baseUrl).send(getVersion, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    const { notices } = await stats();
    expect(notices).toEqual([{ kind: 'untrusted-proxy', since: expect.any(String) }]);
  });

  it('counts rows, storage per config from committed files, and daily activity', async () => {
    const a = await insertStorageConfig(server.db, {
      name: 'A bucket',
      driver: 's3',
      provider_type: 'Cloudflare R2',
      total_storage_bytes: 1000,
    });
    const b = await insertStorageConfig(server.db, { name: 'B disk', driver: 'local', provider_type: 'local' });
    await insertStorageConfig(server.db, { name: 'C empty' });
    for (const day of [
      '2031-03-10T09:59:00.000Z',
      '2031-03-10T00:00:00.000Z',
      '2031-03-08T12:00:00.000Z',
      '2031-03-04T00:00:00.000Z',
      '2031-03-03T23:59:59.999Z',
    ]) {
      await insertPaste(server.db, day);
    }
    await insertFile(server.db, a, { size: 100, created_at: '2031-03-10T08:00:00.000Z' });
    await insertFile(server.db, a, { size: 23, created_at: '2031-03-09T08:00:00.000Z' });
    await insertFile(server.db, a, { size: 5000, status: 'pending', created_at: '2031-03-10T08:00:00.000Z' });
    await insertFile(server.db, b, { size: 2048, created_at: '2031-02-01T00:00:00.000Z' });
    await insertApiKey(server.db);
    await insertApiKey(server.db);

    const data = await stats();
    expect(data).toMatchObject({
      totalPastes: 5,
      totalFiles: 3,
      totalApiKeys: 2,
      totalStorageConfigs: 4,
      totalStorageUsed: 2171,
    });
    expect(data.storage).toEqual([
      {
        id: a,
        name: 'A bucket',
        driver: 's3',
        providerType: 'Cloudflare R2',
        usedBytes: 123,
        quotaBytes: 1000,
        fileCount: 2,
        usagePercent: 12.3,
      },
      {
        id: b,
        name: 'B disk',
        driver: 'local',
        providerType: 'local',
        usedBytes: 2048,
        quotaBytes: null,
        fileCount: 1,
        usagePercent: null,
      },
      expect.objectContaining({ name: 'C empty', usedBytes: 0, fileCount: 0, usagePercent: null }),
      await bootstrapStorage(),
    ]);
    expect(data.activity).toEqual([
      { date: '2031-03-04', pastes: 1, files: 0 },
      { date: '2031-03-05', pastes: 0, files: 0 },
      { date: '2031-03-06', pastes: 0, files: 0 },
      { date: '2031-03-07', pastes: 0, files: 0 },
      { date: '2031-03-08', pastes: 1, files: 0 },
      { date: '2031-03-09', pastes: 0, files: 1 },
      { date: '2031-03-10', pastes: 2, files: 1 },
    ]);
  });

  it('is for the admin only', async () => {
    await testApi(server.baseUrl).fails(getDashboardStats, {}, 401, ErrorCode.Unauthorized);
    const { key } = await insertApiKey(server.db, { text_permission: 1, file_permission: 1, mount_permission: 1 });
    await testApi(server.baseUrl, asApiKey(key)).fails(getDashboardStats, {}, 403, ErrorCode.Forbidden);
  });
});
