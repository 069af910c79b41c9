import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { login } from './support/auth-helpers';
import { call, expectError } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

describe('default request body limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const big = JSON.stringify({ password: 'x'.repeat(5 * 1024 * 1024) });

  it('answers a 5 MB JSON body with 413 naming the limit, quickly, and stays healthy', async () => {
    const started = performance.now();
    const refused = expectError(await call(server.baseUrl, 'POST', '/api/public/files/x/verify', { body: big, headers: { 'content-type': 'application/json' } }), 413, ErrorCode.PayloadTooLarge);
    expect(refused.message).toMatch(/64 KiB/);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await call(server.baseUrl, 'GET', '/api/health')).status).toBe(200);
  });

  it('also stops a streamed body without Content-Length', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i += 1) controller.enqueue(new Uint8Array(128 * 1024).fill(32));
        controller.close();
      },
    });
    const response = await fetch(`${server.baseUrl}/api/s3/commit`, { method: 'POST', body: chunks, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    await response.body?.cancel();
  });

  it('lets small bodies and the routes with their own limit through', async () => {
    const { token } = await login(server.baseUrl);
    const paste = await call(server.baseUrl, 'POST', '/api/paste', { token, json: { content: 'y'.repeat(200 * 1024) } });
    expect(paste.status, paste.text).toBe(201);
    expectError(await call(server.baseUrl, 'POST', '/api/public/files/x/verify', { json: { password: 'short' } }), 404, ErrorCode.NotFound);
  });
});
