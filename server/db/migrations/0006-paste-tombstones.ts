// A paste deleted after its last view or its expiry leaves its slug behind for a while, so a late
// viewer gets 410 rather than 404 after a restart, from another instance, or after the sweeper.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paste_tombstones')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paste_tombstones_retired_at').on('paste_tombstones').column('retired_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paste_tombstones').execute();
}
