import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT_BYTES } from '@server/http/route';
import { PART_LIST_BODY_LIMIT_BYTES } from '@shared/api/upload.endpoints';
import { ErrorCode } from '@shared/errors';
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

  it('answers a 5 MB JSON body with 413 naming the limit and stays healthy', async () => {
    const refused = expectError(
      await call(server.baseUrl, 'POST', '/api/public/files/x/verify', {
        body: big,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      ErrorCode.PayloadTooLarge,
    );
    expect(refused.message).toMatch(/64 KiB/);
    expect((await call(server.baseUrl, 'GET', '/api/health')).status).toBe(200);
  });

  it('also stops a streamed body without Content-Length, once the caller is let in', async () => {
    const { token } = await login(server.baseUrl);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i += 1) controller.enqueue(new Uint8Array(128 * 1024).fill(32));
        controller.close();
      },
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const response = await fetch(`${server.baseUrl}/api/s3/commit`, {
      method: 'POST',
      body: chunks,
      headers,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    await response.body?.cancel();
  });

  it('lets small bodies and the routes with their own limit through', async () => {
    const { token } = await login(server.baseUrl);
    const paste = await call(server.baseUrl, 'POST', '/api/paste', {
      token,
      json: { content: 'y'.repeat(200 * 1024) },
    });
    expect(paste.status, paste.text).toBe(201);
    expectError(
      await call(server.baseUrl, 'POST', '/api/public/files/x/verify', { json: { password: 'short' } }),
      404,
      ErrorCode.NotFound,
    );
  });

  it('takes the part list of a 10,000-part upload, and refuses one past its own 2 MiB cap', async () => {
    const { token } = await login(server.baseUrl);
    const etag = `"${'0123456789abcdef'.repeat(2)}-10000"`;
    const parts = Array.from({ length: 10_000 }, (_, i) => ({ partNumber: i + 1, etag }));
    const body = { file_id: '00000000-0000-4000-8000-000000000000', upload_id: 'never-started', parts };
    expect(JSON.stringify(body).length).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    expectError(
      await call(server.baseUrl, 'POST', '/api/s3/multipart/complete', { token, json: body }),
      404,
      ErrorCode.NotFound,
    );
    const numbers = {
      file_id: body.file_id,
      upload_id: body.upload_id,
      part_numbers: parts.map((part) => part.partNumber),
    };
    expectError(
      await call(server.baseUrl, 'POST', '/api/s3/multipart/urls', { token, json: numbers }),
      404,
      ErrorCode.NotFound,
    );
    const padded = { ...body, padding: 'x'.repeat(PART_LIST_BODY_LIMIT_BYTES) };
    const refused = expectError(
      await call(server.baseUrl, 'POST', '/api/s3/multipart/complete', { token, json: padded }),
      413,
      ErrorCode.PayloadTooLarge,
    );
    expect(refused.message).toMatch(/2048 KiB/);
  });
});
