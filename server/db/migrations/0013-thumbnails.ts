// The thumbnail queue: one row per object (storage config + key) the explorer asked a thumbnail
// of, or a mount refresh found without one. The background worker claims queued rows (and rows
// whose claim ran out: an instance died mid-job) one or two at a time; `done` rows record the
// source's ETag, so a file replaced under the same key is made again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('thumbnails')
    .addColumn('storage_config_id', 'text', (c) => c.notNull().references('storage_configs.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source_etag', 'text')
    .addColumn('source_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('not_before', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('thumbnails_pkey', ['storage_config_id', 'object_key'])
    .execute();
  await db.schema.createIndex('thumbnails_status_idx').on('thumbnails').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('thumbnails').execute();
}
