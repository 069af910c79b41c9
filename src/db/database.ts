// The page's local store: cached pastes, files and listings, settings, search history,
// the offline queue and the file basket. One RxDB instance per page; every write is validated against its schema.
// The name is the product's and never changes: a release that changes a collection's
// shape raises that schema's version and adds a migration, so drafts and queued writes survive.
import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { RxCollection, RxDatabase, RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { OfflineQueueEntry } from '@shared/offline-queue.schema';
import { basketMigrations, basketSchema } from './schemas/basket.schema';
import type { BasketItemDoc } from './schemas/basket.schema';
import { directorySchema } from './schemas/directories.schema';
import type { DirectoryDoc } from './schemas/directories.schema';
import { fileSchema } from './schemas/files.schema';
import type { FileDoc } from './schemas/files.schema';
import { offlineQueueMigrations, offlineQueueSchema } from './schemas/offline-queue.schema';
import { pasteMigrations, pasteSchema } from './schemas/pastes.schema';
import type { PasteDoc } from './schemas/pastes.schema';
import { searchHistorySchema } from './schemas/search-history.schema';
import type { SearchHistoryDoc } from './schemas/search-history.schema';
import { settingSchema } from './schemas/settings.schema';
import { DATABASE_NAME } from './database-name';
import { wrappedValidateZodStorage } from './validate-storage';
import type { SettingDoc } from './schemas/settings.schema';

export type ClipdockCollections = {
  pastes: RxCollection<PasteDoc>;
  files: RxCollection<FileDoc>;
  directories: RxCollection<DirectoryDoc>;
  settings: RxCollection<SettingDoc>;
  offline_queue: RxCollection<OfflineQueueEntry>;
  search_history: RxCollection<SearchHistoryDoc>;
  basket_items: RxCollection<BasketItemDoc>;
};
export type ClipdockDatabase = RxDatabase<ClipdockCollections>;

export type CreateDatabaseOptions = {
  /** Defaults to Dexie on the browser's IndexedDB; tests pass one over fake-indexeddb. */
  storage?: RxStorage<unknown, unknown>;
  name?: string;
};

addRxPlugin(RxDBMigrationSchemaPlugin);

export { DATABASE_NAME, databaseNameFor } from './database-name';

export async function createClipdockDatabase(options: CreateDatabaseOptions = {}): Promise<ClipdockDatabase> {
  const db = await createRxDatabase<ClipdockCollections>({
    name: options.name ?? DATABASE_NAME,
    storage: wrappedValidateZodStorage({ storage: options.storage ?? getRxStorageDexie() }),
  });
  try {
    await db.addCollections({
      pastes: { schema: pasteSchema, migrationStrategies: pasteMigrations },
      files: { schema: fileSchema },
      directories: { schema: directorySchema },
      settings: { schema: settingSchema },
      offline_queue: { schema: offlineQueueSchema, migrationStrategies: offlineQueueMigrations },
      search_history: { schema: searchHistorySchema },
      basket_items: { schema: basketSchema, migrationStrategies: basketMigrations },
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

let pageDatabase: Promise<ClipdockDatabase> | null = null;

/** The page's shared instance, created on first use; a failed creation is retried next call. */
export function getDatabase(): Promise<ClipdockDatabase> {
  if (pageDatabase === null) {
    const created = createClipdockDatabase();
    pageDatabase = created;
    created.catch(() => {
      if (pageDatabase === created) pageDatabase = null;
    });
  }
  return pageDatabase;
}
