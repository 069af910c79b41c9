// Rows the admin and permission tests build directly: storage configs (their API is built
// elsewhere), mounts, pastes and files, plus API keys of each permission shape.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { MountRepo } from '@server/modules/mounts/mount.repo';
import type { Database, FilesTable, StorageConfigsTable, StorageMountsTable } from '@server/db/schema';
import { insertApiKey } from '@tests/integration/support/auth-helpers';

const now = () => new Date().toISOString();

export async function insertStorageConfig(
  db: Kysely<Database>,
  overrides: Partial<Insertable<StorageConfigsTable>> = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('storage_configs')
    .values({
      id,
      name: `config-${id.slice(0, 8)}`,
      driver: 's3',
      provider_type: 'Other S3 Compatible',
      endpoint_url: null,
      bucket_name: 'bucket',
      region: null,
      access_key_id: null,
      secret_access_key_enc: null,
      total_storage_bytes: null,
      custom_host: null,
      created_at: now(),
      updated_at: now(),
      last_used_at: null,
      admin_id: null,
      ...overrides,
    })
    .execute();
  return id;
}

export async function insertMount(
  db: Kysely<Database>,
  storageConfigId: string,
  mountPath: string,
  overrides: Partial<Insertable<StorageMountsTable>> = {},
): Promise<string> {
  const id = randomUUID();
  await new MountRepo(db).insert({
    id,
    name: `mount ${mountPath}`,
    storage_type: 's3',
    storage_config_id: storageConfigId,
    mount_path: mountPath,
    remark: null,
    created_by: 'system',
    created_at: now(),
    updated_at: now(),
    last_refresh_at: null,
    ...overrides,
  });
  return id;
}

export async function insertFile(
  db: Kysely<Database>,
  storageConfigId: string,
  overrides: Partial<Insertable<FilesTable>> = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('files')
    .values({
      id,
      slug: `f-${id.slice(0, 12)}`,
      filename: 'a.txt',
      storage_path: `a/${id}`,
      mimetype: 'text/plain',
      s3_url: null,
      size: 1,
      storage_config_id: storageConfigId,
      remark: null,
      password_hash: null,
      expires_at: null,
      max_views: null,
      etag: null,
      status: 'committed',
      created_by: null,
      created_at: now(),
      updated_at: now(),
      ...overrides,
    })
    .execute();
  return id;
}

export async function insertPaste(db: Kysely<Database>, createdAt: string = now()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('pastes')
    .values({
      id,
      slug: `p-${id.slice(0, 12)}`,
      content: 'hello',
      remark: null,
      password_hash: null,
      expires_at: null,
      max_views: null,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  return id;
}

/** A key whose rows the permission tests need: one per permission shape, plus expired. */
export async function insertKeySet(db: Kysely<Database>) {
  const past = new Date(Date.now() - 60_000).toISOString();
  return {
    text: (await insertApiKey(db, { text_permission: 1 })).key,
    file: (await insertApiKey(db, { file_permission: 1 })).key,
    mount: (await insertApiKey(db, { mount_permission: 1 })).key,
    noPerm: (await insertApiKey(db)).key,
    expired: (await insertApiKey(db, { text_permission: 1, file_permission: 1, mount_permission: 1, expires_at: past }))
      .key,
    // Every permission, so only its read-only flag can refuse it a write.
    readOnly: (await insertApiKey(db, { text_permission: 1, file_permission: 1, mount_permission: 1, read_only: 1 }))
      .key,
  };
}
