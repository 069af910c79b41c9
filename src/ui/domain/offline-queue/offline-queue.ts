// The offline queue seen from the page. Writes on the replay list that are made
// offline, or that fail for want of a network, are stored in the local database with the
// Idempotency-Key the first attempt already carried, and replayed in order when the connection
// returns. Where a service worker with Background Sync controls the page, each write is handed to
// it and it replays them (on its sync, or when the page comes back online and asks), with the
// credentials of that moment; elsewhere the page replays, on `online` and at start. One replayer
// runs at a time (a Web Lock page and worker share); the key makes any overlap harmless.
import { ApiError } from '@shared/api-error';
import type { ApiClient, CallOptions, Credentials } from '@shared/http/api-client';
import type { EndpointSpec } from '@shared/http/endpoint';
import { offlineQueueInputSchema, type OfflineQueueEntry, type OfflineQueueInput } from '@shared/offline-queue.schema';
import { isReplayable, replayOutcomeOf, type OfflineOperationType } from '@shared/offline-replay';
import { randomUuid } from '@shared/random-uuid';
import type { ReplayResult } from '@shared/sw-message.schema';

export type QueueStore = {
  add(input: OfflineQueueInput): Promise<OfflineQueueEntry>;
  list(): Promise<OfflineQueueEntry[]>;
  mark(id: string, change: { status: 'syncing' | 'pending' } | { status: 'failed'; error: string }): Promise<void>;
  remove(id: string): Promise<void>;
  watch(onChange: (entries: OfflineQueueEntry[]) => void): () => void;
};

export type ReplayReport = { synced: number; failed: number; waiting: number };

/** A queued write the server took, with its answer's data (a new paste's link, for one). */
export type SentWrite = { id: string; type: OfflineOperationType; idempotencyKey: string; data: unknown };

/** The service worker's side of the queue: it stores handed writes and replays them itself. */
export type ReplayHandoff = {
  /** True while a worker that can take writes controls the page. */
  available(): boolean;
  hand(entry: OfflineQueueEntry): void;
  /** Asks the worker to replay now; null when it did not answer. */
  replayNow(): Promise<ReplayResult | null>;
  discard(id: string): Promise<void>;
  /** What each replay in the worker did, however it started; returns the unsubscribe. */
  onReplayed(listener: (result: ReplayResult) => void): () => void;
};

export type OfflineQueueDeps = {
  /** The unwrapped client: a replay that fails must not queue itself again. */
  api: ApiClient;
  store: () => Promise<QueueStore>;
  /**
   * Whether the store can hold anything yet. A browser that never opened the local database has
   * no queue: the page then starts without loading the database code, and opens it on the first
   * write it queues. Omitted: always.
   */
  storeExists?: () => Promise<boolean>;
  endpoints: () => Promise<Record<OfflineOperationType, EndpointSpec>>;
  getCredentials: () => Credentials | null;
  isOnline?: () => boolean;
  /** The service worker's background sync, where the browser has one (see replay-handoff.ts). */
  handoff?: ReplayHandoff;
  locks?: Pick<LockManager, 'request'>;
};

export type OfflineQueue = {
  /** The app's client: replayable writes made offline are queued and answered with ApiError `queued`. */
  client: ApiClient;
  replay(): Promise<ReplayReport>;
  watch(onChange: (entries: OfflineQueueEntry[]) => void): () => void;
  discard(id: string): Promise<void>;
  /** Called after each replay that did something; returns the unsubscribe. */
  onReplayed(listener: (report: ReplayReport) => void): () => void;
  /** Called for each queued write the server took, however it was replayed; returns the unsubscribe. */
  onSent(listener: (sent: SentWrite) => void): () => void;
};

const REPLAY_LOCK = 'clipdock-offline-replay';
const queuedBodySchema = offlineQueueInputSchema.shape.data;

function stringParams(params: unknown): Record<string, string> {
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/** The body as the JSON it would have been sent as (dates become strings, undefined fields vanish). */
function jsonBody(body: unknown): OfflineQueueInput['data'] {
  if (typeof body !== 'object' || body === null) return null;
  return queuedBodySchema.parse(JSON.parse(JSON.stringify(body)));
}

export function createOfflineQueue(deps: OfflineQueueDeps): OfflineQueue {
  const isOnline = deps.isOnline ?? (() => navigator.onLine);
  const listeners = new Set<(report: ReplayReport) => void>();
  const sentListeners = new Set<(sent: SentWrite) => void>();
  const tellSent = (entry: OfflineQueueEntry, data: unknown) => {
    const sent = { id: entry.id, type: entry.type, idempotencyKey: entry.idempotencyKey, data };
    for (const listener of sentListeners) listener(sent);
  };
  const whenOpened = new Set<(store: QueueStore) => void>();
  let opened: Promise<QueueStore> | null = null;

  function open(): Promise<QueueStore> {
    if (opened === null) {
      const opening = deps.store();
      opened = opening;
      opening.then(
        (store) => {
          for (const notify of whenOpened) notify(store);
        },
        () => {
          opened = null;
        },
      );
    }
    return opened;
  }

  /** The store when there can be something in it, without opening a database that does not exist. */
  async function existing(): Promise<QueueStore | null> {
    if (opened !== null || deps.storeExists === undefined || (await deps.storeExists())) return open();
    return null;
  }

  /** Queues the write and answers `queued`; where nothing can be stored (no IndexedDB) the failure stands. */
  async function enqueue<E extends EndpointSpec>(
    endpoint: E & { id: OfflineOperationType },
    options: CallOptions<E>,
    idempotencyKey: string,
    failure: ApiError,
  ): Promise<never> {
    const credentials = deps.getCredentials();
    let entry: OfflineQueueEntry;
    try {
      entry = await (await open()).add({
        type: endpoint.id,
        params: stringParams(options.params),
        data: jsonBody(options.body),
        authType: credentials?.scheme ?? null,
        idempotencyKey,
      });
    } catch {
      throw failure;
    }
    if (deps.handoff?.available()) deps.handoff.hand(entry);
    throw new ApiError({ kind: 'queued' });
  }

  const client: ApiClient = {
    url: (endpoint, inputs) => deps.api.url(endpoint, inputs),
    raw: (endpoint, options) => deps.api.raw(endpoint, options),
    async call(endpoint, options) {
      if (!isReplayable(endpoint.id) || options.credentials !== undefined) return deps.api.call(endpoint, options);
      const replayable = endpoint as typeof endpoint & { id: OfflineOperationType };
      const idempotencyKey = options.headers?.['Idempotency-Key'] ?? randomUuid();
      if (!isOnline()) return enqueue(replayable, options, idempotencyKey, new ApiError({ kind: 'network' }));
      try {
        const keyed = { ...options, headers: { ...options.headers, 'Idempotency-Key': idempotencyKey } } as CallOptions<
          typeof endpoint
        >;
        return await deps.api.call(endpoint, keyed);
      } catch (error) {
        // Sent but unanswered, or never sent: the same key makes the replay land at most once.
        if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
          return enqueue(replayable, options, idempotencyKey, error);
        throw error;
      }
    },
  };

  async function replayOnce(): Promise<ReplayReport> {
    const report: ReplayReport = { synced: 0, failed: 0, waiting: 0 };
    const store = await existing();
    if (store === null) return report;
    const endpoints = await deps.endpoints();
    const pending = (await store.list()).filter((entry) => entry.status !== 'failed');
    for (const [index, entry] of pending.entries()) {
      const credentials = deps.getCredentials();
      if (entry.authType !== null && credentials === null) {
        // Sent now it would land as a guest's write or be refused: it waits for a sign-in instead.
        report.waiting = pending.length - index;
        break;
      }
      await store.mark(entry.id, { status: 'syncing' });
      try {
        const endpoint = endpoints[entry.type];
        const answer: unknown = await deps.api.call(endpoint, {
          params: entry.params,
          body: entry.data ?? undefined,
          headers: { 'Idempotency-Key': entry.idempotencyKey },
        } as unknown as CallOptions<EndpointSpec>);
        await store.remove(entry.id);
        report.synced += 1;
        tellSent(entry, answer);
      } catch (error) {
        const failure = error instanceof ApiError ? error : new ApiError({ kind: 'bad-response' });
        const outcome = failure.kind === 'bad-response' ? 'refused' : replayOutcomeOf(failure.status);
        if (outcome === 'refused') {
          await store.mark(entry.id, { status: 'failed', error: failure.serverMessage ?? failure.kind });
          report.failed += 1;
          continue;
        }
        // Not now: the entry and every later one wait, so the queue keeps its order.
        await store.mark(entry.id, { status: 'pending' });
        report.waiting = pending.length - index;
        break;
      }
    }
    return report;
  }

  /**
   * Records what a replay in the worker did; the same outcome twice changes nothing more. The
   * answer to REPLAY_NOW and the worker's broadcast bring the same result: one applies at a time.
   */
  let applying: Promise<unknown> = Promise.resolve();
  function apply(result: ReplayResult): Promise<ReplayReport> {
    const next = applying.then(() => applyNow(result));
    applying = next.catch(() => undefined);
    return next;
  }

  async function applyNow(result: ReplayResult): Promise<ReplayReport> {
    const store = await open();
    const report: ReplayReport = { synced: 0, failed: 0, waiting: result.waiting };
    const held = new Map((await store.list()).map((entry) => [entry.id, entry]));
    for (const { id, outcome, error, data } of result.outcomes) {
      if (outcome === 'synced') {
        const entry = held.get(id);
        await store.remove(id);
        report.synced += 1;
        // The worker's broadcast and its answer bring the same outcome: only the first finds the entry.
        if (entry !== undefined) tellSent(entry, data);
      } else {
        await store.mark(id, { status: 'failed', error: error ?? 'refused' });
        report.failed += 1;
      }
    }
    return report;
  }

  const announce = (report: ReplayReport) => {
    if (report.synced + report.failed === 0) return;
    for (const listener of listeners) listener(report);
  };
  deps.handoff?.onReplayed((result) => {
    apply(result).then(announce, () => undefined);
  });

  /** The worker replays: whatever is still pending is handed over again (it keeps each once), then it is asked to replay. */
  async function replayInWorker(handoff: ReplayHandoff): Promise<ReplayReport | null> {
    const store = await existing();
    const pending = store === null ? [] : (await store.list()).filter((entry) => entry.status !== 'failed');
    if (pending.length === 0) return { synced: 0, failed: 0, waiting: 0 };
    for (const entry of pending) handoff.hand(entry);
    const result = await handoff.replayNow();
    return result === null ? null : apply(result);
  }

  let running: Promise<ReplayReport> | null = null;
  function replay(): Promise<ReplayReport> {
    running ??= (async () => {
      try {
        const handoff = deps.handoff;
        const inWorker = handoff?.available() === true ? await replayInWorker(handoff) : null;
        if (inWorker !== null) return inWorker;
        const report =
          deps.locks === undefined ? await replayOnce() : await deps.locks.request(REPLAY_LOCK, () => replayOnce());
        announce(report);
        return report;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    client,
    replay,
    watch(onChange) {
      let stop: (() => void) | null = null;
      let stopped = false;
      const start = (store: QueueStore) => {
        whenOpened.delete(start);
        if (!stopped && stop === null) stop = store.watch(onChange);
      };
      whenOpened.add(start);
      existing().then(
        (store) => {
          if (store === null) onChange([]);
          else start(store);
        },
        () => onChange([]),
      );
      return () => {
        stopped = true;
        whenOpened.delete(start);
        stop?.();
      };
    },
    async discard(id) {
      await (await open()).remove(id);
      await deps.handoff?.discard(id);
    },
    onReplayed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
  };
}
