// WebDAV state shared by every instance on one database: write locks (a lock taken through one
// instance holds on all of them, until its timeout) and dead properties set with PROPPATCH.
// Both are keyed by the canonical explorer path, the one form every door into the mounts uses.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webdav_locks')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webdav_locks_path_idx').on('webdav_locks').column('path').execute();
  await db.schema.createIndex('webdav_locks_expires_at_idx').on('webdav_locks').column('expires_at').execute();

  await db.schema
    .createTable('webdav_props')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webdav_props_pkey', ['path', 'namespace', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webdav_props').execute();
  await db.schema.dropTable('webdav_locks').execute();
}
