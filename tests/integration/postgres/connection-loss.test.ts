// PostgreSQL ending the server's pooled connections (a restart, an administrator's terminate) must
// not end the server: the pool drops them and opens new ones on the next query. Without a listener
// for the pool's error event, Node ended the whole process on the first such error.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';

describe('PostgreSQL ending the pooled connections', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    url = await createTestDatabase('lost_connections');
    server = await startTestServer({ env: { DATABASE_URL: url } });
  });
  afterAll(() => server.close());

  it('leaves the server running, and the next writes go through on new connections', async () => {
    const { token } = await login(server.baseUrl);
    const create = (content: string) =>
      testApi(server.baseUrl, asAdmin(token)).send(createPaste, { body: { content } });
    await Promise.all(['one', 'two', 'three'].map(async (content) => expect((await create(content)).status).toBe(201)));

    const database = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    await expect.poll(async () => (await create('after')).status, { timeout: 15_000 }).toBe(201);
    expect(server.logs.some((line) => line.msg.startsWith('a database connection ended'))).toBe(true);
  });
});
