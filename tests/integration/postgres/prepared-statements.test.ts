// Hot-path queries on a real PostgreSQL: sent as named prepared statements, planned once per
// connection and reused with new values; other queries stay unnamed.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/connection';
import { migrateToLatest } from '@server/db/migrate';
import { prepareQuery } from '@server/db/prepared-query';
import { createLogger } from '@server/lib/logger';
import { createTestDatabase } from '@tests/integration/support/postgres';

const settingQuery = prepareQuery<{ key: string }, { value: string }>((db, arg) =>
  db.selectFrom('system_settings').select('value').where('key', '=', arg('key')),
);

describe('prepared queries on PostgreSQL', () => {
  it('run as named prepared statements, reused with new values', async () => {
    const db = await openDatabase({ kind: 'postgres', url: await createTestDatabase('prepared') });
    try {
      await migrateToLatest(db, createLogger({ level: 'silent' }));
      // One transaction holds one connection, whose prepared statements the view lists.
      const { statements, values } = await db.transaction().execute(async (trx) => {
        const first = await settingQuery.first(trx, { key: 'allow_guest_pastes' });
        const second = await settingQuery.first(trx, { key: 'max_upload_size_unit' });
        const missing = await settingQuery.first(trx, { key: 'no such key' });
        const listed = await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(trx);
        return { statements: listed.rows, values: [first?.value, second?.value !== undefined, missing] };
      });
      expect(values).toEqual(['false', true, undefined]);
      const named = statements.filter((s) => s.name.startsWith('clipdock_'));
      expect(named).toHaveLength(1);
      expect(named[0]?.statement).toContain('"system_settings"');
    } finally {
      await db.destroy();
    }
  });
});
