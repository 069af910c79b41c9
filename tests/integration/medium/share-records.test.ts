// The files domain's share records and the upload quota built on them, on real SQLite and
// PostgreSQL, without HTTP: a custom link suffix that is reserved or taken is refused, a suffix
// taken between the check and the write is 409; shares follow their object when it moves (its
// key and link, and a share made from the explorer its path and name); a reservation inserts the
// pending share only while the storage config's quota has room, and grows it only as far as the
// room allows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { NewFile } from '@server/modules/files/files.types';
import { ShareRecordsService } from '@server/modules/files/share-records.service';
import { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import { insertFile, insertStorageConfig } from '@tests/integration/admin/admin-fixtures';
import { databaseKinds, openMedium, refusal, type Medium } from './medium-harness';

describe.each(databaseKinds)('share records and the quota on %s', (kind) => {
  let m: Medium;
  let records: ShareRecordsService;
  let configs: StorageConfigLookupService;
  let limits: UploadLimits;
  beforeAll(async () => {
    m = await openMedium(kind, 'share_records');
    records = new ShareRecordsService(m.repos);
    configs = new StorageConfigLookupService(m.repos);
    const settings = new SystemSettingsService(m.repos, m.clock, new IdempotencyStore(m.repos, m.clock));
    limits = new UploadLimits(m.repos, configs, records, kind, settings);
  });
  afterAll(() => m.close());

  const configRow = async (id: string): Promise<StorageConfigRow> => {
    const row = await configs.byId(id);
    if (row === undefined) throw new Error(`config ${id} is gone`);
    return row;
  };
  const pending = (configId: string, size: number, slug = `p-${randomUUID().slice(0, 12)}`): NewFile => {
    const at = new Date(m.clock.now()).toISOString();
    return {
      id: randomUUID(),
      slug,
      filename: 'p.bin',
      storage_path: `shares/${slug}`,
      mimetype: 'application/octet-stream',
      s3_url: null,
      size,
      storage_config_id: configId,
      remark: null,
      password_hash: null,
      expires_at: null,
      max_views: null,
      etag: null,
      status: 'pending',
      created_by: 'admin:medium',
      created_at: at,
      updated_at: at,
    };
  };

  it('refuses a reserved or taken custom suffix, and a suffix taken between the check and the write', async () => {
    const configId = await insertStorageConfig(m.db);
    expect(await refusal(records.freeSlug('admin'))).toBe(ErrorCode.ValidationFailed);
    const takenId = await insertFile(m.db, configId);
    const taken = (await records.find(takenId))?.slug ?? '';
    expect(await refusal(records.freeSlug(taken))).toBe(ErrorCode.SlugTaken);
    expect(await records.freeSlug('free-suffix-1')).toBe('free-suffix-1');
    expect(await records.freeSlug(undefined)).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(await refusal(records.create(pending(configId, 1, taken)))).toBe(ErrorCode.SlugTaken);
  });

  it('moves the shares of a moved file or folder with it', async () => {
    const configId = await insertStorageConfig(m.db);
    const uploaded = await insertFile(m.db, configId, {
      storage_path: 'docs/a b.txt',
      s3_url: 'https://cdn.example/docs/a%20b.txt',
    });
    const fromExplorer = await insertFile(m.db, configId, {
      storage_path: 'docs/inner/c.txt',
      source_path: '/mnt/docs/inner/c.txt',
      filename: 'c.txt',
    });
    const elsewhere = await insertFile(m.db, configId, { storage_path: 'docsx/d.txt' });

    await records.followMove(configId, 'docs/a b.txt', 'docs/renamed.txt', false);
    expect(await records.find(uploaded)).toMatchObject({
      storage_path: 'docs/renamed.txt',
      s3_url: 'https://cdn.example/docs/renamed.txt',
    });

    await records.followMove(configId, 'docs', 'archive/2031', true);
    expect(await records.find(uploaded)).toMatchObject({ storage_path: 'archive/2031/renamed.txt' });
    expect(await records.find(fromExplorer)).toMatchObject({
      storage_path: 'archive/2031/inner/c.txt',
      source_path: '/mnt/archive/2031/inner/c.txt',
      filename: 'c.txt',
    });
    expect(await records.find(elsewhere)).toMatchObject({ storage_path: 'docsx/d.txt' });
  });

  it('reserves a pending share only while the quota has room, and grows it only as far as the room', async () => {
    const configId = await insertStorageConfig(m.db, { total_storage_bytes: 1000 });
    await insertFile(m.db, configId, { size: 600 });
    const config = await configRow(configId);

    expect(await refusal(limits.reserve(config, pending(configId, 500)))).toBe(ErrorCode.QuotaExceeded);
    expect(await configs.usedBytes(configId)).toBe(600);

    const row = pending(configId, 300);
    await limits.reserve(config, row);
    expect(await configs.usedBytes(configId)).toBe(900);
    expect(await limits.grow(config, row.id, 300, 350, 500)).toBe(400);
    expect(await configs.usedBytes(configId)).toBe(1000);
    expect(await refusal(limits.grow(config, row.id, 400, 500, 500))).toBe(ErrorCode.QuotaExceeded);
    expect((await records.find(row.id))?.size).toBe(400);
  });
});
