// Migrations are imported statically (not read from disk) so they work the same under tsx,
// vitest and any bundler. Names sort in execution order; never rename or edit a shipped one.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initialSchema from './migrations/0001-initial-schema';
import * as fileUploadId from './migrations/0002-file-upload-id';

const migrations: Record<string, Migration> = {
  '0001_initial_schema': initialSchema,
  '0002_file_upload_id': fileUploadId,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
