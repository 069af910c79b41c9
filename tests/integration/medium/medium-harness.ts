// The "medium" layer: the server's services and repositories on a real database, without HTTP.
// Each test gets a fresh SQLite file or PostgreSQL database, opened and migrated as the server
// opens it (openDatabase, migrateToLatest), the repositories of createRepositories, a manual
// clock, and the attempt limiters the app picks for that database: in memory with SQLite (one
// process), counted in the database on PostgreSQL (several instances).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '@server/config';
import { openDatabase } from '@server/db/connection';
import { migrateToLatest } from '@server/db/migrate';
import { createRepositories, type Repositories } from '@server/db/repositories';
import type { Database } from '@server/db/schema';
import { AppError } from '@server/lib/app-error';
import { createLogger } from '@server/lib/logger';
import { memoryLimiters, type LimiterFactory } from '@server/lib/rate-limiter';
import { databaseLimiters } from '@server/lib/rate-limiter-pg';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { ManualClock } from '@tests/support/manual-clock';

export type DatabaseKind = DatabaseConfig['kind'];
export const databaseKinds: DatabaseKind[] = ['sqlite', 'postgres'];

export type Medium = {
  kind: DatabaseKind;
  db: Kysely<Database>;
  repos: Repositories;
  clock: ManualClock;
  /** The limiter factory app.ts builds for this database. */
  limiters: LimiterFactory;
  /** Another instance's limiters on the same database (the same store on PostgreSQL, its own memory on SQLite). */
  otherInstanceLimiters: () => LimiterFactory;
  close(): Promise<void>;
};

export async function openMedium(kind: DatabaseKind, label: string): Promise<Medium> {
  const dir = kind === 'sqlite' ? await mkdtemp(join(tmpdir(), 'clipdock-medium-')) : undefined;
  const config: DatabaseConfig =
    dir === undefined
      ? { kind: 'postgres', url: await createTestDatabase(`medium_${label}`) }
      : { kind: 'sqlite', file: join(dir, 'db.sqlite') };
  const db = await openDatabase(config);
  await migrateToLatest(db, createLogger({ level: 'silent' }));
  const clock = new ManualClock(Date.parse('2031-06-01T12:00:00.000Z'));
  const factory = () => (kind === 'postgres' ? databaseLimiters(db, clock) : memoryLimiters(clock));
  return {
    kind,
    db,
    repos: createRepositories(db),
    clock,
    limiters: factory(),
    otherInstanceLimiters: factory,
    async close() {
      await db.destroy();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The error code a service call is refused with; fails the test when it succeeds or throws something else. */
export async function refusal(promise: Promise<unknown>): Promise<AppError['code']> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof AppError)) throw outcome.error;
  return outcome.error.code;
}
