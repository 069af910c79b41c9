// The owner's webhook: once an uploader's batch is over, a receiver on loopback (reachable only
// because this server's URL_FETCH_ALLOW names its address, as URL uploads' tests do) gets one
// small JSON body listing the batch's files, signed with the request's key, again after it failed
// once; each file is reported once, and an address the guard refuses gets nothing.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRequestSchema, requestFinishResultSchema } from '@shared/api/file-request.schema';
import { expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { newRequest, pub, send, tokenOf } from './file-request-harness';

type Received = { headers: IncomingHttpHeaders; body: string };

describe.each(['SQLite', 'PostgreSQL'])('file request webhooks on %s', (database) => {
  let h: FsHarness;
  let receiver: Server;
  let hookUrl = '';
  const received: Received[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = failuresLeft > 0 ? 503 : 204;
        failuresLeft -= 1;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.2', resolve));
    const address = receiver.address();
    if (address === null || typeof address === 'string') throw new Error('the receiver has no port');
    hookUrl = `http://127.0.0.2:${address.port}/hook`;
    const databaseUrl = database === 'PostgreSQL' ? await createTestDatabase('request-webhooks') : undefined;
    h = await startFsHarness('local', {
      env: { URL_FETCH_ALLOW: '127.0.0.2', ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) },
    });
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('reports a finished batch once, signed, retrying after a failure', async () => {
    received.length = 0;
    failuresLeft = 1;
    const { request } = await newRequest(h, { webhook_url: hookUrl });
    expect(request.webhook_secret).toMatch(/^[0-9a-f]{64}$/);
    const token = await tokenOf(h, request.slug);
    await send(h, request.slug, token, 'one.txt', 'first', { uploader_name: 'Mia' });
    await send(h, request.slug, token, 'two.txt', 'second!', { uploader_name: 'Mia' });
    expect(received).toEqual([]);

    const finished = expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema);
    expect(finished).toEqual({ reported: 2, webhook: true });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    const [failed, delivered] = received;
    expect(delivered?.body).toBe(failed?.body);
    const body = JSON.parse(delivered?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'file_request.batch_finished',
      request: { id: request.id, slug: request.slug, title: 'Send me your files' },
      uploader_name: 'Mia',
      total_bytes: 12,
    });
    expect(body.files.map((file: { name: string; size: number }) => [file.name, file.size])).toEqual([
      ['one.txt', 5],
      ['two.txt', 7],
    ]);
    const expected = createHmac('sha256', request.webhook_secret ?? '')
      .update(delivered?.body ?? '')
      .digest('hex');
    expect(delivered?.headers['x-clipdock-signature']).toBe(`sha256=${expected}`);
    expect(delivered?.headers['content-type']).toBe('application/json');

    // Said again, the batch reports nothing new.
    expect(expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema)).toEqual({
      reported: 0,
      webhook: true,
    });
  });

  it('sends nothing to an address the guard refuses, and says why in the log', async () => {
    received.length = 0;
    const refusedUrl = hookUrl.replace('127.0.0.2', '127.0.0.3');
    const { request } = await newRequest(h, { webhook_url: refusedUrl });
    const token = await tokenOf(h, request.slug);
    await send(h, request.slug, token, 'x.txt', 'x');
    expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema);
    await expect
      .poll(
        () =>
          h.server.logs.filter((line) => line.msg === 'file request webhook failed' && line.requestId === request.id),
        {
          timeout: 15_000,
        },
      )
      .toHaveLength(3);
    expect(received).toEqual([]);
    const view = expectOk(
      await fetch(`${h.server.baseUrl}/api/file-requests/${request.id}`, {
        headers: { authorization: `Bearer ${h.token}` },
      }).then(async (r) => ({ status: r.status, headers: r.headers, text: '', body: await r.json() })),
      fileRequestSchema,
    );
    expect(view.webhook_url).toBe(refusedUrl);
  });
});
