// File requests, continued: file_request_deliveries keeps each webhook delivery until it is done,
// so a restart between two attempts loses nothing (attempts so far, when the next may run, the
// last error; claimed_at marks the one instance sending it now). uploads_seen_at on a request
// is when its owner last opened its uploads: files committed after it are the panel's badge.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_request_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('file_requests.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_request_deliveries_due_idx')
    .on('file_request_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('file_request_deliveries_request_idx')
    .on('file_request_deliveries')
    .columns(['request_id', 'created_at'])
    .execute();
  await db.schema.alterTable('file_requests').addColumn('uploads_seen_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('file_requests').dropColumn('uploads_seen_at').execute();
  await db.schema.dropTable('file_request_deliveries').execute();
}
