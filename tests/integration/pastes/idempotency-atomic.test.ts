// An Idempotency-Key's record commits with the change it guards. Here the write of the record
// fails after the paste insert (as a crash between them would leave it); the paste must go with
// it, so the client's retry under the same key creates exactly one paste, on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { pasteCreateResultSchema } from '@shared/api/paste.schema';
import type { Database } from '@server/db/schema';
import { login } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';

type Dialect = 'sqlite' | 'postgres';

async function breakRecordWrites(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create trigger crash_before_record before insert on idempotency_keys begin select raise(abort, 'simulated crash'); end`.execute(
      db,
    );
    return;
  }
  await sql`create function crash_before_record() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`.execute(
    db,
  );
  await sql`create trigger crash_before_record before insert on idempotency_keys for each row execute function crash_before_record()`.execute(
    db,
  );
}

async function mendRecordWrites(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`drop trigger crash_before_record`.execute(db);
  else await sql`drop trigger crash_before_record on idempotency_keys`.execute(db);
}

describe.each<Dialect>(['sqlite', 'postgres'])('paste create with an Idempotency-Key on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(
      dialect === 'postgres' ? { env: { DATABASE_URL: await createTestDatabase('idem_atomic') } } : {},
    );
    ({ token } = await login(server.baseUrl));
  });
  afterAll(() => server.close());

  it('leaves no paste when its record cannot be written, and the retry creates exactly one', async () => {
    const content = `atomic ${dialect} ${Date.now()}`;
    const send = () =>
      testApi(server.baseUrl, asAdmin(token)).send(createPaste, {
        body: { content },
        headers: { 'idempotency-key': `crash-${dialect}` },
      });
    const count = async () =>
      (await server.db.selectFrom('pastes').select('id').where('content', '=', content).execute()).length;

    await breakRecordWrites(server.db, dialect);
    try {
      expect((await send()).status).toBe(500);
    } finally {
      await mendRecordWrites(server.db, dialect);
    }
    expect(await count()).toBe(0);

    const first = expectOk(await send(), pasteCreateResultSchema, 201);
    const again = expectOk(await send(), pasteCreateResultSchema, 201);
    expect(again.id).toBe(first.id);
    expect(await count()).toBe(1);
  });
});
