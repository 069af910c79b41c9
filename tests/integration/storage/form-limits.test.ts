// POST /upload reads its form as a stream with capped fields: a flood of small fields, an unknown
// field or an oversized one is refused with a clear 400, without growing the server's memory.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHealth } from '@shared/api/system.endpoints';
import { testApi } from '@tests/integration/support/api';
import { ErrorCode } from '@shared/errors';
import { call, expectError } from '@tests/integration/support/http';
import { startHarness, type Harness } from './storage-harness';

const boundary = 'flood-boundary';
const field = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
const end = `--${boundary}--\r\n`;

describe('the upload form', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('local');
  });
  afterAll(() => h.close());

  const send = (body: string) =>
    // raw: hand-written multipart bodies at and past the form parser's limits
    call(h.server.baseUrl, 'POST', '/api/upload', {
      token: h.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
  const rows = async () => (await h.server.db.selectFrom('files').select('id').execute()).length;

  it('refuses an unknown field, naming it', async () => {
    const result = expectError(
      await send(field('remark', 'ok') + field('surprise', 'x') + file + end),
      400,
      ErrorCode.BadRequest,
    );
    expect(result.message).toContain('surprise');
  });

  it('refuses a part with no name, on the share upload and the explorer upload alike', async () => {
    const nameless = `--${boundary}\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nhello\r\n`;
    const namelessField = `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n`;
    for (const body of [nameless + end, namelessField + file + end]) {
      const result = expectError(await send(body), 400, ErrorCode.BadRequest);
      expect(result.message).toContain('no name');
      // raw: a hand-written multipart body
      const explorer = await call(h.server.baseUrl, 'POST', '/api/admin/fs/upload', {
        token: h.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: field('path', '/') + body,
      });
      expect(explorer.status, explorer.text).toBe(400);
    }
    expect(await rows()).toBe(0);
  });

  it('refuses a field larger than 4 KiB', async () => {
    expectError(await send(field('remark', 'r'.repeat(5000)) + file + end), 400, ErrorCode.BadRequest);
  });

  it('refuses a second file', async () => {
    expectError(await send(file + file + end), 400, ErrorCode.BadRequest);
  });

  it('answers a flood of 518,000 small fields with 400 and no row, and the server keeps its memory', async () => {
    const before = await rows();
    const rssBefore = process.memoryUsage().rss;
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/upload', h.server.baseUrl); // raw: a body streamed through node:http
      const req = request(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${h.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error) =>
        error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error),
      );
      let sent = 0;
      const pump = () => {
        while (sent < 518_000) {
          sent += 1;
          if (!req.write(field(`f${sent}`, 'x'))) return void req.once('drain', pump);
        }
        req.end(end);
      };
      pump();
    });
    expect(status).toBe(400);
    expect(await rows()).toBe(before);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect((await testApi(h.server.baseUrl).send(getHealth, {})).status).toBe(200);
  });

  it('still takes a proper form: placement fields, the file, then share fields', async () => {
    const result = await send(field('path', 'docs') + file + field('remark', 'hello') + field('max_views', '3') + end);
    expect(result.status, result.text).toBe(201);
  });
});
