import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '@server/db/migration-provider';
import { defaultLocalMountPath } from '@server/modules/storage-configs/storage-bootstrap.service';
import { startTestServer } from './support/test-server';

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
  // The FTS5 trigram index of fs_entries.name and its shadow tables.
  'fs_entries_fts',
  'fs_entries_fts_config',
  'fs_entries_fts_data',
  'fs_entries_fts_docsize',
  'fs_entries_fts_idx',
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

describe('migrations', () => {
  it('create the whole schema on a fresh database file with settings seeded', async () => {
    const server = await startTestServer();
    try {
      const tables = await server.db.introspection.getTables();
      expect(
        tables
          .map((t) => t.name)
          .filter((n) => !n.startsWith('kysely_'))
          .sort(),
      ).toEqual(expectedTables);
      const settings = await server.db.selectFrom('system_settings').select(['key', 'value']).orderBy('key').execute();
      expect(settings).toEqual([
        { key: 'allow_guest_pastes', value: 'false' },
        { key: 'max_upload_size', value: '100' },
        { key: 'max_upload_size_unit', value: 'MB' },
        { key: 'webdav_upload_mode', value: 'auto' },
      ]);
      const pasteColumns = tables.find((t) => t.name === 'pastes')?.columns.map((c) => c.name);
      expect(pasteColumns).toEqual(
        expect.arrayContaining(['slug', 'password_hash', 'max_views', 'views', 'created_by']),
      );
    } finally {
      await server.close();
    }
  });

  it('run the SQLite connection with WAL and enforced foreign keys', async () => {
    const server = await startTestServer();
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(server.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(server.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      const insertOrphan = server.db
        .insertInto('admin_tokens')
        .values({ token_hash: 'h', admin_id: randomUUID(), expires_at: 'x', created_at: 'x' })
        .execute();
      await expect(insertOrphan).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await server.close();
    }
  });

  it('enforce unique mount paths and keep files from orphaning their storage config', async () => {
    const server = await startTestServer();
    try {
      const now = new Date().toISOString();
      const configId = randomUUID();
      await server.db
        .insertInto('storage_configs')
        .values({
          id: configId,
          name: 'local',
          driver: 'local',
          provider_type: 'local',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const mountPath = '/unique-check';
      expect(await server.db.selectFrom('storage_mounts').select('mount_path').execute()).toEqual([
        { mount_path: defaultLocalMountPath },
      ]);
      const mount = {
        storage_type: 'local',
        storage_config_id: configId,
        mount_path: mountPath,
        created_by: 'admin',
        created_at: now,
        updated_at: now,
      };
      await server.db
        .insertInto('storage_mounts')
        .values({ id: randomUUID(), name: 'a', ...mount })
        .execute();
      await expect(
        server.db
          .insertInto('storage_mounts')
          .values({ id: randomUUID(), name: 'b', ...mount })
          .execute(),
      ).rejects.toThrow(/UNIQUE/);
      await server.db
        .insertInto('files')
        .values({
          id: randomUUID(),
          slug: 's1',
          filename: 'f',
          storage_path: 'p',
          mimetype: 'text/plain',
          size: 1,
          storage_config_id: configId,
          status: 'committed',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await server.db.deleteFrom('storage_mounts').execute();
      await expect(server.db.deleteFrom('storage_configs').where('id', '=', configId).execute()).rejects.toThrow(
        /FOREIGN KEY/,
      );
    } finally {
      await server.close();
    }
  });

  it('re-run on an existing database without error and keep its data', async () => {
    const first = await startTestServer();
    const now = new Date().toISOString();
    await first.db
      .insertInto('pastes')
      .values({ id: randomUUID(), slug: 'kept', content: 'still here', created_at: now, updated_at: now })
      .execute();
    await first.close({ keepData: true });

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const paste = await second.db
        .selectFrom('pastes')
        .select(['content', 'views'])
        .where('slug', '=', 'kept')
        .executeTakeFirst();
      expect(paste).toEqual({ content: 'still here', views: 0 });
      expect(second.logs.some((l) => l.msg === 'migration applied')).toBe(false);
      expect(await second.db.selectFrom('admins').select('username').execute()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('add the paste format to a database made before it, keeping older pastes as Markdown', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-it-'));
    const before = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(join(dataDir, 'clipdock.sqlite')) }),
    });
    const { error } = await new Migrator({ db: before, provider: migrationProvider }).migrateTo('0002_file_upload_id');
    expect(error).toBeUndefined();
    const now = new Date().toISOString();
    await sql`insert into pastes (id, slug, content, created_at, updated_at) values (${randomUUID()}, 'older', 'kept', ${now}, ${now})`.execute(
      before,
    );
    await before.destroy();

    const server = await startTestServer({ dataDir });
    try {
      const applied = server.logs.filter((l) => l.msg === 'migration applied').map((l) => l.migration);
      expect(applied).toEqual([
        '0003_paste_format',
        '0004_idempotency_request_hash',
        '0005_file_part_size',
        '0006_paste_tombstones',
        '0007_fs_index',
        '0008_file_tombstones',
        '0009_webdav',
        '0010_attempt_counts',
        '0011_file_view_tokens',
        '0012_file_requests',
        '0013_thumbnails',
        '0015_mount_shares',
        '0016_e2ee',
        '0017_file_request_deliveries',
        '0018_e2ee_lock',
      ]);
      const paste = await server.db
        .selectFrom('pastes')
        .select(['content', 'format'])
        .where('slug', '=', 'older')
        .executeTakeFirst();
      expect(paste).toEqual({ content: 'kept', format: 'markdown' });
      await expect(sql`update pastes set format = 'html' where slug = 'older'`.execute(server.db)).rejects.toThrow(
        /CHECK/,
      );
    } finally {
      await server.close();
    }
  });
});
