// Every batch started on the upload page, newest first. Each batch is its own upload machine
// actor (a finished machine is final); leaving the page stops them, which cancels their transfers.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, type Actor } from 'xstate';
import { uploadMachine, type UploadBatchItem } from '@machines/upload.machine';
import { useAuthActor } from '../../lib/auth-provider';
import { getTransferClient } from '../../lib/transfer';
import { fileUploadActor } from './file-upload-actor';
import { rememberUpload } from './recent-uploads-store';

export type UploadBatchActor = Actor<typeof uploadMachine>;

export function useUploadBatches() {
  const auth = useAuthActor();
  const [batches, setBatches] = useState<UploadBatchActor[]>([]);
  const live = useRef<UploadBatchActor[]>([]);

  useEffect(
    () => () => {
      for (const actor of live.current) actor.stop();
      live.current = [];
    },
    [],
  );

  const start = useCallback(
    (items: UploadBatchItem[]) => {
      const uploadFile = fileUploadActor(getTransferClient(auth), (share) => {
        void rememberUpload({ slug: share.slug, filename: share.filename, size: share.size, createdAt: share.created_at });
      });
      const actor = createActor(uploadMachine.provide({ actors: { uploadFile } }), { input: {} });
      actor.start();
      actor.send({ type: 'upload.start', items });
      live.current = [actor, ...live.current];
      setBatches(live.current);
    },
    [auth],
  );

  const cancelAll = useCallback(() => {
    for (const actor of live.current) actor.send({ type: 'upload.cancel' });
  }, []);

  const clearFinished = useCallback(() => {
    live.current = live.current.filter((actor) => actor.getSnapshot().status === 'active');
    setBatches(live.current);
  }, []);

  return { batches, start, cancelAll, clearFinished };
}
