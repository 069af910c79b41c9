// The page's side of background sync: queued writes are handed to the service
// worker, which replays them with the credentials of the moment, read from IndexedDB, where the
// page keeps them current. Only where a worker controls the page and the browser has Background
// Sync; elsewhere the page replays on `online` itself.
import type { Credentials } from '@shared/http/api-client';
import type { OfflineQueueEntry } from '@shared/offline-queue.schema';
import {
  QUEUE_WRITE,
  REPLAY_NOW,
  REPLAYED,
  replayAnswerSchema,
  workerMessageSchema,
  type ReplayResult,
} from '@shared/sw-message.schema';
import { markDiscarded, writeReplayCredentials } from '@sw/replay-handoff-store';
import type { ReplayHandoff } from './offline-queue';

/** A worker that has not answered by then is taken as gone; the page then replays, under the shared lock. */
const ANSWER_TIMEOUT_MS = 60_000;

export function createReplayHandoff(): ReplayHandoff | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('SyncManager' in window)) return undefined;
  const container = navigator.serviceWorker;
  return {
    available: () => container.controller !== null,
    hand(entry: OfflineQueueEntry) {
      const { id, endpoint, method, data, authType, idempotencyKey } = entry;
      container.controller?.postMessage({
        type: QUEUE_WRITE,
        write: { id, endpoint, method, data, authType, idempotencyKey },
      });
    },
    replayNow() {
      const worker = container.controller;
      if (worker === null) return Promise.resolve(null);
      return new Promise<ReplayResult | null>((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
        channel.port1.onmessage = (event) => {
          clearTimeout(timer);
          const answer = replayAnswerSchema.safeParse(event.data);
          resolve(answer.success && answer.data.ok ? (answer.data.result ?? null) : null);
        };
        worker.postMessage({ type: REPLAY_NOW }, [channel.port2]);
      });
    },
    discard: (id) => markDiscarded(id).catch(() => undefined),
    onReplayed(listener) {
      const onMessage = (event: MessageEvent) => {
        const message = workerMessageSchema.safeParse(event.data);
        if (message.success && message.data.type === REPLAYED) listener(message.data.result);
      };
      container.addEventListener('message', onMessage);
      return () => container.removeEventListener('message', onMessage);
    },
  };
}

/** Keeps the credentials the worker replays with equal to the session's, from now on. */
export function mirrorReplayCredentials(
  current: () => Credentials | null,
  subscribe: (onChange: () => void) => () => void,
): () => void {
  let last = '';
  const write = () => {
    const credentials = current();
    const key = JSON.stringify(credentials);
    if (key === last) return;
    last = key;
    writeReplayCredentials(credentials).catch(() => {
      last = '';
    });
  };
  write();
  return subscribe(write);
}
