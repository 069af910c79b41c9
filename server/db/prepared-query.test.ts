// Prepared queries on a real SQLite database opened as the server opens it: slots are filled per
// call, a slot may appear twice, the same compiled query serves a transaction, and rows, first
// and run answer as Kysely would. tests/integration/postgres/ runs the PostgreSQL side.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { prepareQuery } from './prepared-query';
import type { Database } from './schema';
import { createLogger } from '@server/lib/logger';

const settingQuery = prepareQuery<{ key: string }, { key: string; value: string }>((db, arg) =>
  db.selectFrom('system_settings').select(['key', 'value']).where('key', '=', arg('key')),
);
const eitherQuery = prepareQuery<{ key: string }, { key: string }>((db, arg) =>
  db
    .selectFrom('system_settings')
    .select('key')
    .where((eb) => eb.or([eb('key', '=', arg('key')), eb('value', '=', arg('key'))]))
    .orderBy('key'),
);
const setQuery = prepareQuery<{ key: string; value: string }, never>((db, arg) =>
  db
    .updateTable('system_settings')
    .set({ value: arg('value') })
    .where('key', '=', arg('key')),
);

describe('prepareQuery on SQLite', () => {
  let dir: string;
  let db: Kysely<Database>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clipdock-prepared-'));
    db = await openDatabase({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
    await migrateToLatest(db, createLogger({ level: 'silent' }));
  });

  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('fills the slots anew on every call', async () => {
    expect(await settingQuery.first(db, { key: 'allow_guest_pastes' })).toEqual({
      key: 'allow_guest_pastes',
      value: 'false',
    });
    expect(await settingQuery.first(db, { key: 'max_upload_size_unit' })).toMatchObject({
      key: 'max_upload_size_unit',
    });
    expect(await settingQuery.first(db, { key: 'no such key' })).toBeUndefined();
    expect(await eitherQuery.rows(db, { key: 'allow_guest_pastes' })).toEqual([{ key: 'allow_guest_pastes' }]);
  });

  it('counts changed rows and runs inside a transaction', async () => {
    expect(await setQuery.run(db, { key: 'allow_guest_pastes', value: 'true' })).toBe(1);
    expect(await setQuery.run(db, { key: 'no such key', value: 'x' })).toBe(0);
    await expect(
      db.transaction().execute(async (trx) => {
        await setQuery.run(trx, { key: 'allow_guest_pastes', value: 'rolled back' });
        expect((await settingQuery.first(trx, { key: 'allow_guest_pastes' }))?.value).toBe('rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await settingQuery.first(db, { key: 'allow_guest_pastes' }))?.value).toBe('true');
  });
});
