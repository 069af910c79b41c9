// The page's offline queue over the real local database (fake IndexedDB) and the real API client,
// with the network played by an injected fetch.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClipdockDatabase, type ClipdockDatabase } from '@db/database';
import * as outbox from '@db/outbox';
import { ApiError } from '@shared/api-error';
import { createPaste, adminPasteEndpoints } from '@shared/api/paste.endpoints';
import { createApiClient, type Credentials } from '@shared/http/api-client';
import type { OfflineQueueEntry } from '@shared/offline-queue.schema';
import type { ReplayResult } from '@shared/sw-message.schema';
import { createOfflineQueue, type QueueStore, type ReplayHandoff } from './offline-queue';
import { replayEndpoints } from './offline-queue-store';

let db: ClipdockDatabase;
let count = 0;
beforeEach(async () => {
  count += 1;
  db = await createClipdockDatabase({
    name: `clipdock_queue_${count}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
  });
});
afterEach(() => db.remove());

type Reply = (path: string, init: RequestInit) => Response | Promise<Response>;
const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ code: status, message: 'ok', data, success: true }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const refused = (status: number, error: string, message: string) =>
  new Response(JSON.stringify({ code: status, message, data: { error }, success: false }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(
  reply: Reply,
  options: {
    online?: () => boolean;
    credentials?: () => Credentials | null;
    storeExists?: () => Promise<boolean>;
    handoff?: ReplayHandoff;
  } = {},
) {
  const sent: { path: string; init: RequestInit }[] = [];
  const api = createApiClient({
    baseUrl: () => '/api',
    getCredentials: options.credentials ?? (() => ({ scheme: 'admin', token: 't' })),
    onAuthExpired: () => undefined,
    fetch: async (input, init = {}) => {
      const path = String(input).replace(/^\/api/, '');
      sent.push({ path, init });
      return reply(path, init);
    },
  });
  const queue = db.offline_queue;
  const store: QueueStore = {
    add: (input) => outbox.enqueueOfflineRequest(queue, input),
    list: () => outbox.listOfflineRequests(queue),
    mark: async (id, change) => void (await outbox.markOfflineRequest(queue, id, change)),
    remove: (id) => outbox.removeOfflineRequest(queue, id),
    watch: (onChange) => outbox.watchOfflineRequests(queue, onChange),
  };
  let opens = 0;
  const offline = createOfflineQueue({
    api,
    store: async () => {
      opens += 1;
      return store;
    },
    storeExists: options.storeExists,
    endpoints: replayEndpoints,
    getCredentials: options.credentials ?? (() => ({ scheme: 'admin', token: 't' })),
    isOnline: options.online ?? (() => true),
    ...(options.handoff === undefined ? {} : { handoff: options.handoff }),
  });
  return { offline, sent, list: () => outbox.listOfflineRequests(queue), opens: () => opens };
}

const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Idempotency-Key');
const created = {
  id: 'p1',
  slug: 's',
  url: 'http://x/paste/s',
  format: 'markdown',
  expiresAt: null,
  maxViews: null,
  hasPassword: false,
  createdAt: '2030-01-01T00:00:00.000Z',
};

describe('the offline queue', () => {
  it('queues a replayable write made offline and replays it in order with its key and the current credentials', async () => {
    let online = false;
    let token = 'old';
    const { offline, sent, list } = setup((path) => (path === '/paste' ? ok(created, 201) : ok({ deleted: 1 })), {
      online: () => online,
      credentials: () => ({ scheme: 'admin', token }),
    });
    await expect(offline.client.call(createPaste, { body: { content: 'on a train' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    await expect(offline.client.call(adminPasteEndpoints.remove, { params: { id: 'p0' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    expect(sent).toEqual([]);
    const queued = await list();
    expect(queued.map((e) => [e.type, e.endpoint, e.authType])).toEqual([
      ['pastes.create', '/api/paste', 'admin'],
      ['pastes.admin.delete', '/api/admin/pastes/p0', 'admin'],
    ]);

    online = true;
    token = 'renewed';
    expect(await offline.replay()).toEqual({ synced: 2, failed: 0, waiting: 0 });
    expect(sent.map((s) => s.path)).toEqual(['/paste', '/admin/pastes/p0']);
    expect(sent.map((s) => keyOf(s.init))).toEqual(queued.map((e) => e.idempotencyKey));
    expect(new Headers(sent[0]?.init.headers).get('Authorization')).toBe('Bearer renewed');
    expect(await list()).toEqual([]);
  });

  it('leaves a local database that does not exist unopened until a write is queued, and then shows it', async () => {
    let online = true;
    const { offline, opens } = setup(() => ok(created, 201), { online: () => online, storeExists: async () => false });
    const seen: number[] = [];
    const stop = offline.watch((entries) => seen.push(entries.length));
    expect(await offline.replay()).toEqual({ synced: 0, failed: 0, waiting: 0 });
    await expect.poll(() => seen).toEqual([0]);
    expect(opens()).toBe(0);

    online = false;
    await expect(offline.client.call(createPaste, { body: { content: 'first write' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    await expect.poll(() => seen.at(-1)).toBe(1);
    expect(opens()).toBe(1);
    stop();
  });

  it('queues a write whose reply never came under the key it was sent with', async () => {
    const { offline, sent, list } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.client.call(createPaste, { body: { content: 'x' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    expect((await list())[0]?.idempotencyKey).toBe(keyOf(sent[0]?.init));
  });

  it('marks a refused replay failed with the server message and goes on; a 5xx stops the queue in order', async () => {
    let online = false;
    const replies: Response[] = [];
    const { offline, list } = setup(() => replies.shift() ?? ok({ deleted: 1 }), { online: () => online });
    for (const id of ['a', 'b', 'c']) {
      await expect(offline.client.call(adminPasteEndpoints.remove, { params: { id } })).rejects.toBeInstanceOf(
        ApiError,
      );
    }
    online = true;
    replies.push(refused(401, 'UNAUTHORIZED', 'the API key was revoked'), refused(503, 'SERVICE_UNAVAILABLE', 'later'));
    expect(await offline.replay()).toEqual({ synced: 0, failed: 1, waiting: 2 });
    expect((await list()).map((e) => [e.endpoint, e.status, e.lastError])).toEqual([
      ['/api/admin/pastes/a', 'failed', 'the API key was revoked'],
      ['/api/admin/pastes/b', 'pending', null],
      ['/api/admin/pastes/c', 'pending', null],
    ]);
    expect(await offline.replay()).toEqual({ synced: 2, failed: 0, waiting: 0 });
    expect((await list()).map((e) => e.status)).toEqual(['failed']);
  });

  it('keeps a signed-in write waiting while nobody is signed in, rather than sending it as a guest', async () => {
    let online = false;
    let credentials: Credentials | null = { scheme: 'admin', token: 't' };
    const { offline, sent } = setup(() => ok(created, 201), { online: () => online, credentials: () => credentials });
    await expect(offline.client.call(createPaste, { body: { content: 'x' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    online = true;
    credentials = null;
    expect(await offline.replay()).toEqual({ synced: 0, failed: 0, waiting: 1 });
    expect(sent).toEqual([]);
  });
});

describe('with a service worker that has background sync', () => {
  /** The worker as the page sees it: it keeps each handed write once, and its replay answers what the test says. */
  function fakeWorker(answer: (held: OfflineQueueEntry[]) => ReplayResult) {
    const held = new Map<string, OfflineQueueEntry>();
    const listeners = new Set<(result: ReplayResult) => void>();
    const discarded: string[] = [];
    const handoff: ReplayHandoff = {
      available: () => true,
      hand: (entry) => void held.set(entry.id, entry),
      replayNow: async () => {
        const result = answer([...held.values()]);
        for (const { id } of result.outcomes) held.delete(id);
        for (const listener of listeners) listener(result);
        return result;
      },
      discard: async (id) => void discarded.push(id),
      onReplayed: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return { handoff, held, discarded };
  }

  it('hands queued writes to the worker, which replays them; the page sends nothing and records the outcomes once', async () => {
    let online = false;
    const worker = fakeWorker((held) => ({
      outcomes: held.map((entry, index) =>
        index === 0
          ? { id: entry.id, outcome: 'synced' as const }
          : { id: entry.id, outcome: 'failed' as const, error: 'key revoked' },
      ),
      waiting: 0,
    }));
    const { offline, sent, list } = setup(() => ok(created, 201), { online: () => online, handoff: worker.handoff });
    const reports: unknown[] = [];
    offline.onReplayed((report) => reports.push(report));
    await expect(offline.client.call(createPaste, { body: { content: 'a' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    await expect(offline.client.call(createPaste, { body: { content: 'b' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    expect([...worker.held.values()].map((entry) => [entry.endpoint, entry.method, entry.data])).toEqual([
      ['/api/paste', 'POST', { content: 'a' }],
      ['/api/paste', 'POST', { content: 'b' }],
    ]);
    expect(JSON.stringify([...worker.held.values()])).not.toContain('"t"');

    online = true;
    expect(await offline.replay()).toEqual({ synced: 1, failed: 1, waiting: 0 });
    expect(sent).toEqual([]);
    expect((await list()).map((entry) => [entry.data, entry.status, entry.lastError])).toEqual([
      [{ content: 'b' }, 'failed', 'key revoked'],
    ]);
    await expect.poll(() => reports.length).toBe(1);
  });

  it('tells the worker of a discarded write', async () => {
    const worker = fakeWorker(() => ({ outcomes: [], waiting: 0 }));
    const { offline, list } = setup(() => ok(created, 201), { online: () => false, handoff: worker.handoff });
    await expect(offline.client.call(createPaste, { body: { content: 'a' } })).rejects.toMatchObject({
      kind: 'queued',
    });
    const [entry] = await list();
    await offline.discard(entry?.id ?? '');
    expect(worker.discarded).toEqual([entry?.id]);
    expect(await list()).toEqual([]);
  });
});
