// Background sync for the offline queue (spec §4: coming back online syncs the queue). The page
// registers the tag when it queues a write; when the browser fires it, the worker asks an open
// page to replay, since the page holds the local database and the session's current credentials,
// and waits for its answer: a failed or unanswered replay rejects, so the browser tries again later.
import { OFFLINE_SYNC_TAG, REPLAY_OFFLINE_QUEUE, replayAnswerSchema } from '../shared/sw-message.schema';

declare let self: ServiceWorkerGlobalScope;

type SyncEvent = ExtendableEvent & { tag: string };

const ANSWER_TIMEOUT_MS = 60_000;

function askToReplay(client: Client): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      const answer = replayAnswerSchema.safeParse(event.data);
      resolve(answer.success && answer.data.ok);
    };
    client.postMessage({ type: REPLAY_OFFLINE_QUEUE }, [channel.port2]);
  });
}

async function replayThroughAPage(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  const page = pages.find((client) => 'visibilityState' in client && client.visibilityState === 'visible') ?? pages[0];
  if (page === undefined || !(await askToReplay(page))) throw new Error('the offline queue is not replayed yet');
}

export function registerBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OFFLINE_SYNC_TAG) sync.waitUntil(replayThroughAPage());
  });
}
