import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT_BYTES } from '@server/http/route';
import { verifyFilePassword } from '@shared/api/file.endpoints';
import { createPaste } from '@shared/api/paste.endpoints';
import { getHealth } from '@shared/api/system.endpoints';
import {
  completeMultipartUpload,
  PART_LIST_BODY_LIMIT_BYTES,
  refreshMultipartUrls,
} from '@shared/api/upload.endpoints';
import { ErrorCode } from '@shared/errors';
import { asAdmin, testApi } from './support/api';
import { login } from './support/auth-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('default request body limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a 5 MB JSON body with 413 naming the limit and stays healthy', async () => {
    const refused = await testApi(server.baseUrl).fails(
      verifyFilePassword,
      { params: { slug: 'x' }, body: { password: 'x'.repeat(5 * 1024 * 1024) } },
      413,
      ErrorCode.PayloadTooLarge,
    );
    expect(refused.envelope.message).toMatch(/64 KiB/);
    await testApi(server.baseUrl).ok(getHealth, {});
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
    // raw: a streamed body without Content-Length, which the typed client never sends
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
    await testApi(server.baseUrl, asAdmin(token)).ok(createPaste, { body: { content: 'y'.repeat(200 * 1024) } });
    const verify = { params: { slug: 'x' }, body: { password: 'short' } };
    await testApi(server.baseUrl).fails(verifyFilePassword, verify, 404, ErrorCode.NotFound);
  });

  it('takes the part list of a 10,000-part upload, and refuses one past its own 2 MiB cap', async () => {
    const { token } = await login(server.baseUrl);
    const etag = `"${'0123456789abcdef'.repeat(2)}-10000"`;
    const parts = Array.from({ length: 10_000 }, (_, i) => ({ partNumber: i + 1, etag }));
    const body = { file_id: '00000000-0000-4000-8000-000000000000', upload_id: 'never-started', parts };
    expect(JSON.stringify(body).length).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    const admin = testApi(server.baseUrl, asAdmin(token));
    await admin.fails(completeMultipartUpload, { body }, 404, ErrorCode.NotFound);
    const numbers = {
      file_id: body.file_id,
      upload_id: body.upload_id,
      part_numbers: parts.map((part) => part.partNumber),
    };
    await admin.fails(refreshMultipartUrls, { body: numbers }, 404, ErrorCode.NotFound);
    const padded = { ...body, padding: 'x'.repeat(PART_LIST_BODY_LIMIT_BYTES) };
    const refused = await admin.fails(completeMultipartUpload, { body: padded }, 413, ErrorCode.PayloadTooLarge);
    expect(refused.envelope.message).toMatch(/2048 KiB/);
  });
});
