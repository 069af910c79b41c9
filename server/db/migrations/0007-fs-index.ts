// The mount explorer's tables: fs_entries, the search index of every mount (kept current by
// writes made through Clipdock, rebuilt from storage on refresh); fs_uploads, mount uploads in
// flight (their reserved bytes count against the storage quota); fs_index_state, per-mount
// reindex progress. Search matches name substrings case-insensitively: SQLite through an FTS5
// table with the trigram tokenizer, PostgreSQL through a pg_trgm GIN index (plain ILIKE when the
// extension cannot be created).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '@server/db/dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('fs_entries')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn('mount_id', 'text', (c) => c.notNull().references('storage_mounts.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('parent', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_dir', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('modified', 'text')
    .addColumn('etag', 'text')
    .addColumn('content_type', 'text')
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('fs_entries_mount_path_key', ['mount_id', 'path'])
    .execute();
  await db.schema
    .createIndex('fs_entries_mount_generation_idx')
    .on('fs_entries')
    .columns(['mount_id', 'generation'])
    .execute();
  await db.schema
    .createIndex('fs_entries_mount_counted_idx')
    .on('fs_entries')
    .columns(['mount_id', 'counted'])
    .execute();
  await db.schema.createIndex('fs_entries_modified_idx').on('fs_entries').column('modified').execute();

  await db.schema
    .createTable('fs_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mount_id', 'text', (c) => c.notNull().references('storage_mounts.id').onDelete('cascade'))
    .addColumn('storage_config_id', 'text', (c) => c.notNull().references('storage_configs.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('upload_id', 'text')
    .addColumn('part_size', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fs_uploads_config_key_idx')
    .on('fs_uploads')
    .columns(['storage_config_id', 'storage_key'])
    .execute();
  await db.schema.createIndex('fs_uploads_created_at_idx').on('fs_uploads').column('created_at').execute();

  await db.schema
    .createTable('fs_index_state')
    .addColumn('mount_id', 'text', (c) => c.primaryKey().references('storage_mounts.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_config_id', 'text')
    .addColumn('cursor', 'text')
    .addColumn('started_at', 'text')
    .addColumn('indexed_at', 'text')
    .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (postgres) await trigramIndex(db);
  else await ftsTable(db);
}

/**
 * An external-content FTS5 table over fs_entries.name, kept in step by triggers; and, for the
 * 2-character searches the trigrams cannot answer, an index holding everything such a search
 * filters and sorts on, so it scans that instead of the rows.
 */
async function ftsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('fs_entries_search_idx')
    .on('fs_entries')
    .columns(['mount_id', 'name', 'modified', 'path'])
    .execute();
  await sql`create virtual table fs_entries_fts using fts5(name, content='fs_entries', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger fs_entries_fts_insert after insert on fs_entries begin
    insert into fs_entries_fts(rowid, name) values (new.id, new.name);
  end`.execute(db);
  await sql`create trigger fs_entries_fts_delete after delete on fs_entries begin
    insert into fs_entries_fts(fs_entries_fts, rowid, name) values ('delete', old.id, old.name);
  end`.execute(db);
  await sql`create trigger fs_entries_fts_rename after update of name on fs_entries begin
    insert into fs_entries_fts(fs_entries_fts, rowid, name) values ('delete', old.id, old.name);
    insert into fs_entries_fts(rowid, name) values (new.id, new.name);
  end`.execute(db);
}

/**
 * pg_trgm is a trusted extension, so a database owner may create it; where it is missing or not
 * allowed, search still works through ILIKE, only without the index. The savepoint keeps a
 * refused CREATE EXTENSION from aborting the migration's transaction.
 */
async function trigramIndex(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint fs_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index fs_entries_name_trgm_idx on fs_entries using gin (name gin_trgm_ops)`.execute(db);
    await sql`release savepoint fs_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint fs_trgm`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists fs_entries_fts`.execute(db);
  for (const table of ['fs_index_state', 'fs_uploads', 'fs_entries'])
    await db.schema.dropTable(table).ifExists().execute();
}
