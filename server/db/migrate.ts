import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Logger } from '@server/lib/logger';
import { migrationProvider } from './migration-provider';
import type { Database } from './schema';

/** Brings the schema up to date. Runs once at start-up; throws if any migration fails. */
export async function migrateToLatest(db: Kysely<Database>, logger: Logger): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info('migration applied', { migration: result.migrationName });
    if (result.status === 'Error') logger.error('migration failed', { migration: result.migrationName });
  }
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}
