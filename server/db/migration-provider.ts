// Migrations are imported statically (not read from disk) so they work the same under tsx,
// vitest and any bundler. Names sort in execution order; never rename or edit a shipped one.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initialSchema from './migrations/0001-initial-schema';

const migrations: Record<string, Migration> = {
  '0001_initial_schema': initialSchema,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
