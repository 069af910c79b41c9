// File requests: file_requests, the links that let anyone upload into one folder within limits
// (owner as `admin:<id>` / `apikey:<id>`, allowed types as a JSON array, times as ISO strings);
// file_request_uploads, each upload through one of them, pending until its commit passed every
// check (the mount upload it names holds the storage reservation meanwhile). One path, one upload:
// two uploaders never write to the same object. batch_id names the uploader's visit (its token);
// notified_at marks the files a finished batch's webhook has reported.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'text')
    .addColumn('max_files', 'integer')
    .addColumn('max_total_bytes', 'bigint')
    .addColumn('max_file_bytes', 'bigint')
    .addColumn('allowed_types', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('require_name', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('webhook_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_requests_created_by_idx').on('file_requests').column('created_by').execute();
  await db.schema
    .createTable('file_request_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('file_requests.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uploader_name', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('fs_upload_id', 'text')
    .addColumn('storage_config_id', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('batch_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text')
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema
    .createIndex('file_request_uploads_request_idx')
    .on('file_request_uploads')
    .columns(['request_id', 'status'])
    .execute();
  await db.schema
    .createIndex('file_request_uploads_created_at_idx')
    .on('file_request_uploads')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_request_uploads').execute();
  await db.schema.dropTable('file_requests').execute();
}
