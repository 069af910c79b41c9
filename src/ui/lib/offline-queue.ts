// The offline queue seen from the page (spec §4, §7). Writes on the replay list that are made
// offline, or that fail for want of a network, are stored in the local database with the
// Idempotency-Key the first attempt already carried, and replayed in order when the connection
// returns: from the page on `online` and at start, and when the service worker's background sync
// asks. One replayer runs at a time (Web Locks); the key makes any overlap harmless on the server.
import { ApiError } from '@shared/api-error';
import type { ApiClient, CallOptions, Credentials } from '@shared/http/api-client';
import type { EndpointSpec } from '@shared/http/endpoint';
import { offlineQueueInputSchema, type OfflineQueueEntry, type OfflineQueueInput } from '@shared/offline-queue.schema';
import { isReplayable, replayOutcomeOf, type OfflineOperationType } from '@shared/offline-replay';
import { randomUuid } from '@shared/random-uuid';
import { OFFLINE_SYNC_TAG } from '@shared/sw-message.schema';

export type QueueStore = {
  add(input: OfflineQueueInput): Promise<void>;
  list(): Promise<OfflineQueueEntry[]>;
  mark(id: string, change: { status: 'syncing' | 'pending' } | { status: 'failed'; error: string }): Promise<void>;
  remove(id: string): Promise<void>;
  watch(onChange: (entries: OfflineQueueEntry[]) => void): () => void;
};

export type ReplayReport = { synced: number; failed: number; waiting: number };

export type OfflineQueueDeps = {
  /** The unwrapped client: a replay that fails must not queue itself again. */
  api: ApiClient;
  store: () => Promise<QueueStore>;
  endpoints: () => Promise<Record<OfflineOperationType, EndpointSpec>>;
  getCredentials: () => Credentials | null;
  isOnline?: () => boolean;
  /** Asks the service worker for a background sync, where the browser has one. */
  requestSync?: () => void;
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

  /** Queues the write and answers `queued`; where nothing can be stored (no IndexedDB) the failure stands. */
  async function enqueue<E extends EndpointSpec>(endpoint: E & { id: OfflineOperationType }, options: CallOptions<E>, idempotencyKey: string, failure: ApiError): Promise<never> {
    const credentials = deps.getCredentials();
    try {
      await (await deps.store()).add({
        type: endpoint.id,
        params: stringParams(options.params),
        data: jsonBody(options.body),
        authType: credentials?.scheme ?? null,
        idempotencyKey,
      });
    } catch {
      throw failure;
    }
    deps.requestSync?.();
    throw new ApiError({ kind: 'queued' });
  }

  const client: ApiClient = {
    url: (endpoint, inputs) => deps.api.url(endpoint, inputs),
    async call(endpoint, options) {
      if (!isReplayable(endpoint.id) || options.credentials !== undefined) return deps.api.call(endpoint, options);
      const replayable = endpoint as typeof endpoint & { id: OfflineOperationType };
      const idempotencyKey = options.headers?.['Idempotency-Key'] ?? randomUuid();
      if (!isOnline()) return enqueue(replayable, options, idempotencyKey, new ApiError({ kind: 'network' }));
      try {
        const keyed = { ...options, headers: { ...options.headers, 'Idempotency-Key': idempotencyKey } } as CallOptions<typeof endpoint>;
        return await deps.api.call(endpoint, keyed);
      } catch (error) {
        // Sent but unanswered, or never sent: the same key makes the replay land at most once.
        if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) return enqueue(replayable, options, idempotencyKey, error);
        throw error;
      }
    },
  };

  async function replayOnce(): Promise<ReplayReport> {
    const report: ReplayReport = { synced: 0, failed: 0, waiting: 0 };
    const store = await deps.store();
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
        await deps.api.call(endpoint, {
          params: entry.params,
          body: entry.data ?? undefined,
          headers: { 'Idempotency-Key': entry.idempotencyKey },
        } as unknown as CallOptions<EndpointSpec>);
        await store.remove(entry.id);
        report.synced += 1;
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

  let running: Promise<ReplayReport> | null = null;
  function replay(): Promise<ReplayReport> {
    running ??= (async () => {
      try {
        const report = deps.locks === undefined ? await replayOnce() : await deps.locks.request(REPLAY_LOCK, () => replayOnce());
        if (report.synced + report.failed > 0) listeners.forEach((listener) => listener(report));
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
      deps.store().then(
        (store) => {
          if (!stopped) stop = store.watch(onChange);
        },
        () => onChange([]),
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
    async discard(id) {
      await (await deps.store()).remove(id);
    },
    onReplayed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export { OFFLINE_SYNC_TAG };
