import { useSyncExternalStore } from 'react';
import type { UploadBatchActor } from './use-upload-batches';

/** Whether any batch is still at work and whether any has finished, kept current as they run. */
export function useBatchesState(batches: readonly UploadBatchActor[]): { running: boolean; finished: boolean } {
  const key = useSyncExternalStore(
    (notify) => {
      const subscriptions = batches.map((actor) => actor.subscribe({ next: notify, complete: notify }));
      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
    },
    () => {
      const running = batches.some((actor) => actor.getSnapshot().status === 'active');
      const finished = batches.some((actor) => actor.getSnapshot().status !== 'active');
      return `${running ? 1 : 0}${finished ? 1 : 0}`;
    },
  );
  return { running: key[0] === '1', finished: key[1] === '1' };
}
