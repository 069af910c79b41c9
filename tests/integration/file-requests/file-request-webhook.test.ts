// The owner's webhook: once an uploader's batch is over, a receiver on loopback (reachable only
// because this server's URL_FETCH_ALLOW names its address, as URL uploads' tests do) gets one
// small JSON body listing the batch's files, signed with the request's key, again after it failed
// once (the next attempt waits its back-off, on the server's clock); each file is reported once;
// an address the guard refuses gets nothing, and the delivery gives up after its last attempt.
// The owner's view shows the latest delivery's state throughout; the sweeper forgets settled
// deliveries after 30 days and never a pending one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRequestSchema, requestFinishResultSchema, type FileRequestView } from '@shared/api/file-request.schema';
import { createRepositories } from '@server/db/repositories';
import { createFileRequestSweepTask, settledDeliveryTtlMs } from '@server/modules/file-requests/file-request-sweep';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from '@server/modules/file-requests/file-request-webhook';
import { ManualClock } from '@tests/support/manual-clock';
import { expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startFsHarness, type FsHarness, admin } from '@tests/integration/fs/fs-harness';
import { newRequest, owner, pub, send, tokenOf } from './file-request-harness';
import { expectedSignature, RECEIVER_HOST, startReceiver, type Receiver } from './webhook-receiver';

describe.each(['SQLite', 'PostgreSQL'])('file request webhooks on %s', (database) => {
  let h: FsHarness;
  let receiver: Receiver;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    receiver = await startReceiver();
    const databaseUrl = database === 'PostgreSQL' ? await createTestDatabase('request-webhooks') : undefined;
    h = await startFsHarness('local', {
      clock,
      env: { URL_FETCH_ALLOW: RECEIVER_HOST, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) },
    });
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  const view = async (id: string): Promise<FileRequestView> =>
    expectOk(await owner(h, admin(h), 'get', id), fileRequestSchema);

  it('reports a finished batch once, signed, retrying after a failure when its back-off has passed', async () => {
    receiver.received.length = 0;
    receiver.failuresLeft = 1;
    const { request } = await newRequest(h, { webhook_url: receiver.url });
    expect(request.webhook_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(request.webhook_delivery).toBeNull();
    const token = await tokenOf(h, request.slug);
    await send(h, request.slug, token, 'one.txt', 'first', { uploader_name: 'Mia' });
    await send(h, request.slug, token, 'two.txt', 'second!', { uploader_name: 'Mia' });
    expect(receiver.received).toEqual([]);

    const finished = expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema);
    expect(finished).toEqual({ reported: 2, webhook: true });
    // The attempt is counted when it is claimed, and settled once the receiver has answered.
    await expect
      .poll(async () => (await view(request.id)).webhook_delivery?.last_error, { timeout: 15_000 })
      .toBe('HTTP 503');
    const waiting = (await view(request.id)).webhook_delivery;
    expect(waiting).toMatchObject({
      status: 'pending',
      file_count: 2,
      attempts: 1,
      max_attempts: WEBHOOK_MAX_ATTEMPTS,
      last_error: 'HTTP 503',
      next_attempt_at: new Date(clock.now() + WEBHOOK_RETRY_DELAYS_MS[0]).toISOString(),
      delivered_at: null,
    });
    expect(receiver.received).toHaveLength(1);

    clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    await expect
      .poll(async () => (await view(request.id)).webhook_delivery?.status, { timeout: 15_000 })
      .toBe('delivered');
    expect(receiver.received.map((r) => r.status)).toEqual([503, 204]);
    const [failed, delivered] = receiver.received;
    expect(delivered?.body).toBe(failed?.body);
    const body = JSON.parse(delivered?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'file_request.batch_finished',
      delivery_id: waiting?.id,
      request: { id: request.id, slug: request.slug, title: 'Send me your files' },
      uploader_name: 'Mia',
      total_bytes: 12,
    });
    expect(body.files.map((file: { name: string; size: number }) => [file.name, file.size])).toEqual([
      ['one.txt', 5],
      ['two.txt', 7],
    ]);
    expect(delivered?.headers['x-clipdock-signature']).toBe(
      expectedSignature(request.webhook_secret ?? '', delivered?.body ?? ''),
    );
    expect(delivered?.headers['x-clipdock-delivery']).toBe(waiting?.id);
    expect(delivered?.headers['content-type']).toBe('application/json');
    expect((await view(request.id)).webhook_delivery).toMatchObject({
      attempts: 2,
      last_error: null,
      next_attempt_at: null,
    });

    // Said again, the batch reports nothing new.
    expect(expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema)).toEqual({
      reported: 0,
      webhook: true,
    });
  });

  it('sends nothing to an address the guard refuses, backs off, and gives up after the last attempt', async () => {
    receiver.received.length = 0;
    const refusedUrl = receiver.url.replace(RECEIVER_HOST, '127.0.0.3');
    const { request } = await newRequest(h, { webhook_url: refusedUrl });
    const token = await tokenOf(h, request.slug);
    await send(h, request.slug, token, 'x.txt', 'x');
    expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema);
    for (const [made, wait] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      await expect
        .poll(async () => (await view(request.id)).webhook_delivery?.next_attempt_at, { timeout: 15_000 })
        .toBe(new Date(clock.now() + wait).toISOString());
      const delivery = (await view(request.id)).webhook_delivery;
      expect(delivery?.attempts).toBe(made + 1);
      expect(delivery?.status).toBe('pending');
      expect(delivery?.last_error).toMatch(/127\.0\.0\.3|refused|not allowed/i);
      expect(delivery?.next_attempt_at).toBe(new Date(clock.now() + wait).toISOString());
      clock.advance(wait);
    }
    await expect
      .poll(async () => (await view(request.id)).webhook_delivery?.status, { timeout: 15_000 })
      .toBe('failed');
    expect((await view(request.id)).webhook_delivery).toMatchObject({
      attempts: WEBHOOK_MAX_ATTEMPTS,
      next_attempt_at: null,
    });
    expect(
      h.server.logs.filter((line) => line.msg === 'file request webhook failed' && line.requestId === request.id),
    ).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(
      h.server.logs.some((line) => line.msg === 'file request webhook gave up' && line.requestId === request.id),
    ).toBe(true);
    expect(receiver.received).toEqual([]);
    expect((await view(request.id)).webhook_url).toBe(refusedUrl);
  });

  it('forgets settled deliveries after 30 days in the sweep, and keeps a pending one', async () => {
    receiver.failuresLeft = 1_000;
    const { request } = await newRequest(h, { webhook_url: receiver.url });
    const token = await tokenOf(h, request.slug);
    await send(h, request.slug, token, 'late.txt', 'late');
    expectOk(await pub(h, request.slug, 'finish', { token }), requestFinishResultSchema);
    await expect.poll(async () => (await view(request.id)).webhook_delivery?.attempts, { timeout: 15_000 }).toBe(1);
    const statuses = async () =>
      (await h.server.db.selectFrom('file_request_deliveries').select('status').execute())
        .map((row) => row.status)
        .sort();
    expect(await statuses()).toEqual(['delivered', 'failed', 'pending']);

    const sweep = createFileRequestSweepTask(createRepositories(h.server.db), h.storage);
    expect(await sweep.run(clock.now())).toBe(0);
    expect(await sweep.run(clock.now() + settledDeliveryTtlMs + 60_000)).toBe(2);
    expect(await statuses()).toEqual(['pending']);
    receiver.failuresLeft = 0;
  });
});
