// A slice of the fuzz pass (bench/fuzz runs the long one): a fixed seed's malformed requests over
// every operation in /api/openapi.json and /dav, as every kind of caller, against the real server on
// SQLite and on PostgreSQL with the local driver. Not one may be answered with status 500, and the
// server stays up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, testAdmin, type TestServer } from '@tests/integration/support/test-server';
import { runFuzz } from '@tests/support/fuzz/run-fuzz';

describe.each(['SQLite', 'PostgreSQL'])('fuzz pass on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    const databaseUrl = database === 'PostgreSQL' ? await createTestDatabase('fuzz') : undefined;
    server = await startTestServer({
      env: { TRUST_PROXY: 'true', ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) },
    });
  });
  afterAll(() => server.close());

  it('answers 1,500 malformed requests without a single 500 and stays up', { timeout: 600_000 }, async () => {
    const report = await runFuzz({
      baseUrl: server.baseUrl,
      admin: testAdmin,
      count: 1_500,
      seed: 20261129,
      spreadAddresses: true,
    });
    expect(report.serverDown).toBe(false);
    expect(report.failures).toEqual([]);
    expect(report.sent).toBeGreaterThan(1_400);
    // The pass reaches past the gates: some malformed requests are refused for what they are.
    expect(report.byStatus['400'] ?? 0).toBeGreaterThan(100);
  });
});
