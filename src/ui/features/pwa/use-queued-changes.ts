// The queued writes for the connection banner: the list, kept live from the local
// database; a replay when the page starts online and on `online` (the service worker's, where it
// has background sync); and the last replay's result, shown for the toast display time.
import { useEffect, useState } from 'react';
import { pasteCreateResultSchema } from '@shared/api/paste.schema';
import type { OfflineQueueEntry } from '@shared/offline-queue.schema';
import { useOfflineQueue } from '@ui/domain/offline-queue/offline-queue-provider';
import type { ReplayReport } from '@ui/domain/offline-queue/offline-queue';
import { TOAST_DURATION_MS } from './use-connection-notice';

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

export type QueuedChanges = {
  entries: OfflineQueueEntry[];
  discard: (id: string) => void;
  /** The last replay that sent or refused something, until the toast time has passed. */
  lastReplay: ReplayReport | null;
  /** Pastes the queue created since the page opened, with their links, until dismissed. */
  sentPastes: SentPaste[];
  dismissSent: (id: string) => void;
};

export type SentPaste = { id: string; url: string };

export function useQueuedChanges(confirmMs: number = TOAST_DURATION_MS): QueuedChanges {
  const queue = useOfflineQueue();
  const [entries, setEntries] = useState<OfflineQueueEntry[]>([]);
  const [lastReplay, setLastReplay] = useState<ReplayReport | null>(null);
  const [sentPastes, setSentPastes] = useState<SentPaste[]>([]);

  useEffect(() => {
    if (queue === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWatching = queue.watch(setEntries);
    const stopSent = queue.onSent((sent) => {
      const created = sent.type === 'pastes.create' ? pasteCreateResultSchema.safeParse(sent.data) : null;
      if (created?.success) setSentPastes((list) => [...list, { id: sent.id, url: created.data.url }]);
    });
    const stopListening = queue.onReplayed((report) => {
      clearTimeout(timer);
      setLastReplay(report);
      timer = setTimeout(() => setLastReplay(null), confirmMs);
    });
    // A replay that had to stop (no answer, a 5xx) tries again while online, backing off to 30 s.
    let retry: ReturnType<typeof setTimeout> | undefined;
    let backoffMs = RETRY_FIRST_MS;
    const replay = () => {
      clearTimeout(retry);
      if (!navigator.onLine) return;
      queue.replay().then(
        (report) => {
          if (report.waiting === 0) {
            backoffMs = RETRY_FIRST_MS;
            return;
          }
          retry = setTimeout(replay, backoffMs);
          backoffMs = Math.min(backoffMs * 2, RETRY_MAX_MS);
        },
        () => undefined,
      );
    };
    window.addEventListener('online', replay);
    replay();
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
      stopWatching();
      stopSent();
      stopListening();
      window.removeEventListener('online', replay);
    };
  }, [queue, confirmMs]);

  return {
    entries,
    lastReplay,
    discard: (id) => void queue?.discard(id),
    sentPastes,
    dismissSent: (id) => setSentPastes((list) => list.filter((item) => item.id !== id)),
  };
}
