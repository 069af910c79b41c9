// A static check beside the live one in postgres/: every migration is compiled with Kysely's
// PostgreSQL compiler and the emitted SQL is checked for SQLite-only constructs.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from './migration-provider';

async function compiledPostgresSql(): Promise<string[]> {
  const statements: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  for (const migration of Object.values(await migrationProvider.getMigrations())) await migration.up(db);
  await db.destroy();
  return statements;
}

describe('migrations on PostgreSQL', () => {
  it('compile to PostgreSQL SQL without SQLite-only constructs', async () => {
    const statements = await compiledPostgresSql();
    expect(statements.filter((s) => s.startsWith('create table'))).toHaveLength(11);
    const all = statements.join('\n').toLowerCase();
    for (const sqliteOnly of [/autoincrement/, /datetime/, /current_timestamp/, /pragma/, /without rowid/, /\)\s*strict\b/]) {
      expect(all).not.toMatch(sqliteOnly);
    }
    expect(all).toContain('references "admins" ("id") on delete cascade');
    expect(all).toContain('"mount_path" text not null unique');
    expect(all).toContain('primary key ("scope", "key")');
    expect(all).toContain(`alter table "pastes" add column "format" text default 'markdown' not null check ("format" in ('markdown', 'plain'))`);
    expect(all).toContain('alter table "idempotency_keys" add column "request_hash" text');
    expect(all).toContain('alter table "files" add column "part_size" integer');
  });

  it('give every index a schema-wide unique name', async () => {
    const names = (await compiledPostgresSql()).flatMap((s) => /^create index "([^"]+)"/.exec(s)?.[1] ?? []);
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names).size).toBe(names.length);
  });
});
