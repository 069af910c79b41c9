// A storage config as the storage-configs domain stores it; other domains read it through StorageConfigService.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { StorageConfigsTable } from '@server/db/schema';

export type StorageConfigRow = Selectable<StorageConfigsTable>;
export type NewStorageConfig = Insertable<StorageConfigsTable>;
export type StorageConfigPatch = Updateable<StorageConfigsTable>;
