// Text holding the NUL character (U+0000) is refused with a 400 naming the field on both databases;
// PostgreSQL cannot store it, and such a path parameter, query value or body field was a 500 there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';

describe.each(['SQLite', 'PostgreSQL'])('the NUL character on %s', (database) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    const databaseUrl = database === 'PostgreSQL' ? await createTestDatabase('nul') : undefined;
    server = await startTestServer({ env: databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl } });
    token = (await login(server.baseUrl)).token;
  });
  afterAll(() => server.close());

  it('is refused in a body field, naming it', async () => {
    const result = await testApi(server.baseUrl, asAdmin(token)).fails(
      createPaste,
      { body: { content: 'before\u0000after' } },
      400,
      ErrorCode.ValidationFailed,
    );
    expect(result.envelope.message).toBe('content: may not contain the NUL character (U+0000)');
  });

  it('is refused in a path parameter and a query value', async () => {
    // raw: the percent-encoded NUL as it crosses the wire, in each place a value can sit
    for (const path of ['/api/admin/pastes/%00', '/api/admin/files/a%00b', '/api/file-view/%00?token=x']) {
      expectError(await call(server.baseUrl, 'GET', path, { token }), 400, ErrorCode.ValidationFailed);
    }
    const search = await call(server.baseUrl, 'GET', '/api/admin/fs/search?q=a%00b', { token }); // raw: as above
    expectError(search, 400, ErrorCode.ValidationFailed);
  });
});
