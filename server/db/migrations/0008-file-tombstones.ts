// A file share deleted after its last view or its expiry leaves its slug behind for a while, as
// pastes do, so a late visitor gets 410 rather than 404 once the row and the object are gone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_tombstones')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_tombstones_retired_at').on('file_tombstones').column('retired_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_tombstones').execute();
}
