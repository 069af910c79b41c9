// Webhook deliveries outlive the server: the receiver refuses the first attempt, the server stops
// before the next one is due and starts again on the same database, and the delivery then arrives
// once, with a valid signature. With two instances on one PostgreSQL database, every delivery is
// sent by exactly one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRequestSchema, requestFinishResultSchema, type FileRequestView } from '@shared/api/file-request.schema';
import { WEBHOOK_RETRY_DELAYS_MS } from '@server/modules/file-requests/file-request-webhook';
import { ManualClock } from '@tests/support/manual-clock';
import { login } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { admin, startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { newRequest, owner, pub, send, tokenOf } from './file-request-harness';
import { expectedSignature, RECEIVER_HOST, startReceiver, type Receiver } from './webhook-receiver';

async function view(h: FsHarness, id: string): Promise<FileRequestView> {
  return expectOk(await owner(h, admin(h), 'get', id), fileRequestSchema);
}

/** The same harness on a server started again on the same data folder and database. */
async function restarted(h: FsHarness, server: TestServer): Promise<FsHarness> {
  return { ...h, server, token: (await login(server.baseUrl)).token };
}

describe.each(['SQLite', 'PostgreSQL'])('webhook deliveries across a restart on %s', (database) => {
  let receiver: Receiver;
  let env: Record<string, string>;
  let first: FsHarness;
  let second: TestServer | undefined;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    receiver = await startReceiver();
    const databaseUrl = database === 'PostgreSQL' ? await createTestDatabase('webhook-restart') : undefined;
    env = { URL_FETCH_ALLOW: RECEIVER_HOST, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) };
    first = await startFsHarness('local', { clock, env });
  });
  afterAll(async () => {
    await second?.close();
    await first?.server.close();
    await receiver?.close();
  });

  it('keeps a delivery that failed, and sends it once after the restart', async () => {
    receiver.failuresLeft = 1;
    const { request } = await newRequest(first, { webhook_url: receiver.url });
    const token = await tokenOf(first, request.slug);
    await send(first, request.slug, token, 'scan.txt', 'page one', { uploader_name: 'Ada' });
    expectOk(await pub(first, request.slug, 'finish', { token }), requestFinishResultSchema);
    // The attempt is counted when it is claimed, and settled once the receiver has answered.
    await expect
      .poll(async () => (await view(first, request.id)).webhook_delivery?.last_error, { timeout: 15_000 })
      .toBe('HTTP 503');
    expect((await view(first, request.id)).webhook_delivery?.attempts).toBe(1);
    expect(receiver.received.map((r) => r.status)).toEqual([503]);

    await first.server.close({ keepData: true });
    clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    second = await startTestServer({ dataDir: first.server.dataDir, clock, env });
    const again = await restarted(first, second);
    await expect
      .poll(async () => (await view(again, request.id)).webhook_delivery?.status, { timeout: 15_000 })
      .toBe('delivered');
    expect(receiver.received.map((r) => r.status)).toEqual([503, 204]);
    const delivered = receiver.received[1];
    const secret = (await view(again, request.id)).webhook_secret ?? '';
    expect(secret).toBe(request.webhook_secret);
    expect(delivered?.headers['x-clipdock-signature']).toBe(expectedSignature(secret, delivered?.body ?? ''));
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({
      request: { id: request.id },
      uploader_name: 'Ada',
      files: [{ name: 'scan.txt', size: 8 }],
    });
    expect((await view(again, request.id)).webhook_delivery).toMatchObject({ attempts: 2, status: 'delivered' });
    expect(second.logs.filter((line) => line.msg === 'file request webhook delivered')).toHaveLength(1);
  });
});

describe('webhook deliveries with two instances on one PostgreSQL database', () => {
  let receiver: Receiver;
  let one: FsHarness;
  let two: FsHarness;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    receiver = await startReceiver();
    const env = { URL_FETCH_ALLOW: RECEIVER_HOST, DATABASE_URL: await createTestDatabase('webhook-instances') };
    one = await startFsHarness('local', { clock, env });
    // One data folder, as a shared volume gives a deployment's instances: the same storage and the
    // same encryption key, which the signing keys derive from.
    two = await restarted(one, await startTestServer({ clock, env, dataDir: one.server.dataDir }));
  });
  afterAll(async () => {
    await two?.server.close({ keepData: true });
    await one?.close();
    await receiver?.close();
  });

  it('sends every delivery from exactly one instance', async () => {
    // Slow answers keep attempts in flight while the other instance looks at the queue.
    receiver.delayMs = 150;
    const { request } = await newRequest(one, { webhook_url: receiver.url });
    const batches = 6;
    const tokens: string[] = [];
    for (let i = 0; i < batches; i += 1) {
      const token = await tokenOf(one, request.slug);
      await send(one, request.slug, token, `file-${i}.txt`, `batch ${i}`);
      tokens.push(token);
    }
    // Every batch finishes at once, half on each instance, and each wakes its own worker.
    const finished = await Promise.all(
      tokens.map(async (token, i) => pub(i % 2 === 0 ? one : two, request.slug, 'finish', { token })),
    );
    for (const result of finished) expect(expectOk(result, requestFinishResultSchema).reported).toBe(1);
    const delivered = () =>
      [one, two]
        .map((h) => h.server.logs.filter((line) => line.msg === 'file request webhook delivered').length)
        .reduce((sum, count) => sum + count, 0);
    await expect.poll(() => delivered(), { timeout: 30_000 }).toBeGreaterThanOrEqual(batches);
    const ids = receiver.received.map((r) => String(r.headers['x-clipdock-delivery']));
    expect(ids).toHaveLength(batches);
    expect(new Set(ids).size).toBe(batches);
    expect(delivered()).toBe(batches);
    for (const r of receiver.received)
      expect(r.headers['x-clipdock-signature']).toBe(expectedSignature(request.webhook_secret ?? '', r.body));
  });
});
