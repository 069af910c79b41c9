// The whole first schema, written with the Kysely schema builder only, so the same migration
// runs on SQLite and PostgreSQL. Booleans are integers, timestamps ISO-8601 UTC text, ids UUID text.
import { sql, type Kysely } from 'kysely';

type SettingSeed = { key: string; value: string; description: string | null; updated_at: string };

const seededSettings = [
  ['max_upload_size', '100', 'Largest single upload, in max_upload_size_unit'],
  ['max_upload_size_unit', 'MB', 'Unit of max_upload_size'],
  ['webdav_upload_mode', 'auto', 'WebDAV upload mode: auto, proxy, multipart or direct'],
  ['allow_guest_pastes', 'false', 'Whether visitors without a key may create pastes'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_tokens_admin_id_idx').on('admin_tokens').column('admin_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('text_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mount_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('basic_path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('storage_configs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull().check(sqlIn('driver', ['local', 's3'])))
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('endpoint_url', 'text')
    .addColumn('bucket_name', 'text')
    .addColumn('region', 'text')
    .addColumn('access_key_id', 'text')
    .addColumn('secret_access_key_enc', 'text')
    .addColumn('path_style', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_folder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_storage_bytes', 'bigint')
    .addColumn('custom_host', 'text')
    .addColumn('signature_expires_in', 'integer', (c) => c.notNull().defaultTo(3600))
    .addColumn('use_proxy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('admin_id', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('pastes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_views', 'integer')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'pastes', ['created_at', 'created_by', 'expires_at']);

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('storage_path', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('s3_url', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_config_id', 'text', (c) => c.notNull().references('storage_configs.id').onDelete('restrict'))
    .addColumn('remark', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_views', 'integer')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_proxy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('etag', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['pending', 'committed'])))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'files', ['storage_config_id', 'created_at', 'created_by', 'expires_at', 'status']);

  await db.schema
    .createTable('storage_mounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_type', 'text', (c) => c.notNull())
    .addColumn('storage_config_id', 'text', (c) => c.notNull().references('storage_configs.id').onDelete('restrict'))
    .addColumn('mount_path', 'text', (c) => c.notNull().unique())
    .addColumn('remark', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cache_ttl', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_refresh_at', 'text')
    .execute();
  await index(db, 'storage_mounts', ['storage_config_id', 'created_by', 'sort_order']);

  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .withTables<{ system_settings: SettingSeed }>()
    .insertInto('system_settings')
    .values(seededSettings.map(([key, value, description]) => ({ key, value, description, updated_at: now })))
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await index(db, 'idempotency_keys', ['created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = ['idempotency_keys', 'system_settings', 'storage_mounts', 'files', 'pastes'] as const;
  for (const table of [...tables, 'storage_configs', 'api_keys', 'admin_tokens', 'admins']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

async function index(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  for (const column of columns) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

function sqlIn(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
