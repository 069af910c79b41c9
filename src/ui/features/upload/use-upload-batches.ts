// Every batch started on the upload page, newest first. Each batch is its own upload machine
// actor (a finished machine is final) and a task of the task panel; leaving the page stops them,
// which cancels their transfers and ends their tasks.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, type Actor } from 'xstate';
import { uploadMachine, type UploadBatchItem } from '@machines/upload.machine';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { useTaskRegistry } from '@ui/domain/tasks/task-provider';
import { getTransferClient } from '@ui/domain/transfer/transfer';
import { fileUploadActor } from './file-upload-actor';
import { rememberUpload } from './recent-uploads-store';
import { uploadBatchTask } from './upload-batch-task';

export type UploadBatchActor = Actor<typeof uploadMachine>;

export function useUploadBatches() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const tasks = useTaskRegistry();
  const [batches, setBatches] = useState<UploadBatchActor[]>([]);
  const live = useRef<UploadBatchActor[]>([]);
  const endTasks = useRef<(() => void)[]>([]);

  useEffect(
    () => () => {
      for (const actor of live.current) actor.stop();
      for (const end of endTasks.current) end();
      live.current = [];
      endTasks.current = [];
    },
    [],
  );

  const start = useCallback(
    (items: UploadBatchItem[]) => {
      const uploadFile = fileUploadActor(getTransferClient(auth), (share) => {
        void rememberUpload({
          slug: share.slug,
          filename: share.filename,
          size: share.size,
          createdAt: share.created_at,
        });
      });
      const actor = createActor(uploadMachine.provide({ actors: { uploadFile } }), { input: {} });
      actor.start();
      actor.send({ type: 'upload.start', items });
      const [first] = items;
      const task = uploadBatchTask(
        actor,
        items.length === 1 && first
          ? t('tasks.uploadOne', { name: first.name })
          : t('tasks.uploadMany', { count: items.length }),
      );
      tasks.start(task.spec);
      endTasks.current.push(task.end);
      live.current = [actor, ...live.current];
      setBatches(live.current);
    },
    [auth, t, tasks],
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
