// Background sync for the offline queue, with Workbox's queue. The page hands each
// write it queues to this worker (no token in it); when the browser's sync fires, or the page
// comes back online and asks, the worker replays them in order with the credentials current at
// that moment, read from IndexedDB. Each write carries its Idempotency-Key, and the page and the
// worker replay under one Web Lock, so a write lands once whoever sends it and however often.
import { Queue } from 'workbox-background-sync';
import * as z from 'zod/mini';
import { replayOutcomeOf } from '@shared/offline-replay';
import { REPLAYED, type HandedWrite, type ReplayedOutcome, type ReplayResult } from '@shared/sw-message.schema';
import { authorizationOf, readReplayCredentials, takeDiscarded } from './replay-handoff-store';

declare let self: ServiceWorkerGlobalScope;

export const OFFLINE_QUEUE_NAME = 'clipdock-offline-queue';
/** The page's replayer takes the same lock (src/ui/domain/offline-queue/offline-queue.ts). */
const REPLAY_LOCK = 'clipdock-offline-replay';
/** Workbox counts minutes; the page hands over again whatever is still queued when it starts. */
const RETENTION_MINUTES = 7 * 24 * 60;

const metadataSchema = z.object({ id: z.string(), authType: z.nullable(z.enum(['admin', 'apikey'])) });
const envelopeSchema = z.object({ message: z.string() });

let queue: Queue | null = null;

async function serverMessage(response: Response): Promise<string> {
  try {
    const parsed = envelopeSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.message : `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

/** The `data` of a JSON envelope, for the page that queued the write (a new paste's link); undefined otherwise. */
async function answerData(response: Response): Promise<unknown> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  } catch {
    return undefined;
  }
}

async function tellPages(result: ReplayResult): Promise<void> {
  if (result.outcomes.length === 0) return;
  for (const page of await self.clients.matchAll({ type: 'window' })) page.postMessage({ type: REPLAYED, result });
}

async function replayInOrder(from: Queue): Promise<ReplayResult> {
  const outcomes: ReplayedOutcome[] = [];
  for (let entry = await from.shiftRequest(); entry !== undefined; entry = await from.shiftRequest()) {
    const meta = metadataSchema.safeParse(entry.metadata);
    if (!meta.success || (await takeDiscarded(meta.data.id))) continue;
    const credentials = await readReplayCredentials();
    if (meta.data.authType !== null && credentials === null) {
      // Sent now it would land as a guest's write or be refused: it waits for a sign-in.
      await from.unshiftRequest(entry);
      return { outcomes, waiting: (await from.getAll()).length };
    }
    const request = entry.request.clone();
    const headers = new Headers(request.headers);
    if (credentials !== null) headers.set('Authorization', authorizationOf(credentials));
    let response: Response | null = null;
    try {
      response = await fetch(new Request(request, { headers }));
    } catch {
      response = null;
    }
    const outcome = replayOutcomeOf(response?.status);
    if (response === null || outcome === 'retry') {
      await from.unshiftRequest(entry);
      return { outcomes, waiting: (await from.getAll()).length };
    }
    outcomes.push(
      outcome === 'done'
        ? { id: meta.data.id, outcome: 'synced', data: await answerData(response) }
        : { id: meta.data.id, outcome: 'failed', error: await serverMessage(response) },
    );
  }
  return { outcomes, waiting: 0 };
}

/** Replays the queue once, under the lock the page's replayer also takes, and tells every page. */
export async function replayQueue(): Promise<ReplayResult> {
  const from = queue;
  if (from === null) return { outcomes: [], waiting: 0 };
  const result = await self.navigator.locks.request(REPLAY_LOCK, () => replayInOrder(from));
  await tellPages(result);
  return result;
}

/** Stores a write the page queued, once: a page that starts again hands over what is still pending. */
export async function queueWrite(write: HandedWrite): Promise<void> {
  const to = queue;
  if (to === null) return;
  const held = await to.getAll();
  if (held.some((entry) => metadataSchema.safeParse(entry.metadata).data?.id === write.id)) return;
  const headers: Record<string, string> = { 'Idempotency-Key': write.idempotencyKey, Accept: 'application/json' };
  if (write.data !== null) headers['Content-Type'] = 'application/json';
  const request = new Request(new URL(write.endpoint, self.location.origin), {
    method: write.method,
    headers,
    ...(write.data === null ? {} : { body: JSON.stringify(write.data) }),
  });
  await to.pushRequest({ request, metadata: { id: write.id, authType: write.authType } });
}

export function registerBackgroundSync(): void {
  queue = new Queue(OFFLINE_QUEUE_NAME, {
    maxRetentionTime: RETENTION_MINUTES,
    onSync: async () => {
      const result = await replayQueue();
      // A write still waiting makes the sync fail, so the browser tries again later.
      if (result.waiting > 0) throw new Error('the offline queue is not replayed yet');
    },
  });
}
