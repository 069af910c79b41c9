import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminLogin } from '@shared/api/auth.endpoints';
import { getHealth, getVersion } from '@shared/api/system.endpoints';
import { ErrorCode } from '@shared/errors';
import { APP_VERSION } from '@shared/limits';
import { testApi } from './support/api';
import { call, expectError } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

describe('system routes and the envelope', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports health after a database round trip', async () => {
    const data = await testApi(server.baseUrl).ok(getHealth, {});
    expect(Number.isNaN(Date.parse(data.timestamp))).toBe(false);
  });

  it('reports the version, name and database kind', async () => {
    const data = await testApi(server.baseUrl).ok(getVersion, {});
    expect(data).toMatchObject({ version: APP_VERSION, name: 'Clipdock', database: 'sqlite' });
    expect(data.nodeVersion).toMatch(/^v\d+/);
  });

  it('answers unknown /api paths with a 404 envelope, never HTML', async () => {
    const result = await call(server.baseUrl, 'GET', '/api/no/such/thing'); // raw: a route no endpoint defines
    expectError(result, 404, ErrorCode.NotFound);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers a wrong method on a known path with a JSON envelope', async () => {
    const result = await call(server.baseUrl, 'DELETE', '/api/health'); // raw: a method the endpoint lacks
    expect([404, 405]).toContain(result.status);
    expect(z.object({ success: z.literal(false) }).parse(result.body).success).toBe(false);
  });

  it('answers unknown non-API paths with JSON when no web app is built', async () => {
    expectError(await call(server.baseUrl, 'GET', '/some/page'), 404, ErrorCode.NotFound);
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const api = testApi(server.baseUrl);
    const kept = await api.send(getVersion, { headers: { 'x-request-id': 'trace-42.a:b' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a:b');
    const replaced = await api.send(getVersion, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await api.send(getHealth, {});
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request without query string or credentials', async () => {
    // raw: a query string the endpoint does not take, to show the log leaves it out
    await call(server.baseUrl, 'GET', '/api/version?token=secret-query-value', {
      headers: { 'x-request-id': 'log-check-1', authorization: 'Bearer secret-header-value' },
    });
    const line = server.logs.find((l) => l.reqId === 'log-check-1');
    // raw: the path as the request log writes it
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/api/version', status: 200 });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('string');
    const all = JSON.stringify(server.logs);
    expect(all).not.toContain('secret-query-value');
    expect(all).not.toContain('secret-header-value');
  });

  it('logs health checks at debug level only', async () => {
    await testApi(server.baseUrl).ok(getHealth, { headers: { 'x-request-id': 'health-log-1' } });
    expect(server.logs.find((l) => l.reqId === 'health-log-1')?.level).toBe('debug');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with an UNAVAILABLE envelope', async () => {
    const server = await startTestServer();
    try {
      await server.db.destroy();
      const error = await testApi(server.baseUrl).fails(getHealth, {}, 503, ErrorCode.Unavailable);
      expect(error.serverMessage).toBe('database unavailable');
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

describe('an unexpected failure', () => {
  it('answers 500 "internal error" without internals and logs the stack under the request id', async () => {
    const server = await startTestServer();
    try {
      await server.db.schema.dropTable('admin_tokens').execute();
      const result = await testApi(server.baseUrl).send(adminLogin, {
        body: { username: 'admin', password: 'correct horse battery' },
        headers: { 'x-request-id': 'boom-1' },
      });
      const envelope = expectError(result, 500, ErrorCode.Internal);
      expect(envelope.message).toBe('internal error');
      expect(result.text).not.toMatch(/admin_tokens|sqlite|at /i);
      const logged = server.logs.find((l) => l.reqId === 'boom-1' && l.level === 'error');
      expect(String(logged?.stack)).toContain('admin_tokens');
    } finally {
      await server.close();
    }
  });
});
