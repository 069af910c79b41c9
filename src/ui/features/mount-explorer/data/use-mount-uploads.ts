// Uploads into a mount folder through the transfer worker (the same engine as the upload page):
// two files at a time, per-file progress, cancel. Each batch of files chosen together is also a
// task of the app's registry, so it shows (and can be cancelled) in the task panel. A finished
// file is handed to `onUploaded` so the folder on screen shows it without reloading.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskReporter } from '@machines/task-registry';
import type { FsEntry } from '@shared/api/fs.schema';
import type { UploadErrorCode } from '@shared/api/upload.schema';
import { uploadMimetype } from '@shared/mimetype';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { useTaskRegistry } from '@ui/domain/tasks/task-provider';
import { getTransferClient } from '@ui/domain/transfer/transfer';
import type { FsScope } from './fs-scope';

export type MountUpload = {
  id: string;
  name: string;
  size: number;
  folder: string;
  percent: number;
  status: 'pending' | 'uploading' | 'done' | 'error';
  errorCode: UploadErrorCode | null;
};

const PARALLEL_UPLOADS = 2;

/** One batch's task: what is left of it, and the bytes each of its files has sent. */
type Batch = { report: TaskReporter; left: number; loaded: Map<string, number>; total: number; finish: () => void };

export type MountUploads = {
  uploads: MountUpload[];
  start: (folder: string, files: readonly File[]) => void;
  cancel: (id: string) => void;
  /** Drops finished and failed rows from the list. */
  clearFinished: () => void;
};

export function useMountUploads(scope: FsScope, onUploaded: (folder: string, entry: FsEntry) => void): MountUploads {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const tasks = useTaskRegistry();
  const [uploads, setUploads] = useState<MountUpload[]>([]);
  const batches = useRef(new Map<string, Batch>());
  const queue = useRef<{ upload: MountUpload; file: File }[]>([]);
  const running = useRef(0);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const change = useCallback((id: string, patch: Partial<MountUpload>) => {
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  /** A file's end, told to its batch's task; the task ends with its last file. */
  const settle = useCallback((upload: MountUpload, code: string | null) => {
    const batch = batches.current.get(upload.id);
    if (batch === undefined) return;
    batches.current.delete(upload.id);
    if (code === null) batch.report.succeeded(upload.name);
    else batch.report.failed(upload.name, code);
    batch.left -= 1;
    if (batch.left === 0) batch.finish();
  }, []);

  const sent = useCallback((id: string, loaded: number) => {
    const batch = batches.current.get(id);
    if (batch === undefined) return;
    batch.loaded.set(id, loaded);
    batch.report.bytes(
      [...batch.loaded.values()].reduce((sum, bytes) => sum + bytes, 0),
      batch.total,
    );
  }, []);

  const pump = useCallback(() => {
    const transfers = getTransferClient(auth);
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const next = queue.current.shift();
      if (next === undefined) break;
      const { upload, file } = next;
      running.current += 1;
      change(upload.id, { status: 'uploading' });
      void transfers
        .uploadToMount(
          {
            id: upload.id,
            scope,
            file,
            folder: upload.folder,
            fileName: upload.name,
            contentType: uploadMimetype(upload.name, file.type),
          },
          (progress) => {
            change(upload.id, { percent: progress.percent });
            sent(upload.id, progress.loaded);
          },
        )
        .then((result) => {
          running.current -= 1;
          if (result.ok) {
            change(upload.id, { status: 'done', percent: 100 });
            sent(upload.id, upload.size);
            onUploadedRef.current(upload.folder, result.entry);
          } else {
            change(upload.id, { status: 'error', errorCode: result.code });
          }
          settle(upload, result.ok ? null : result.code);
          pump();
        });
    }
  }, [auth, scope, change, sent, settle]);

  const cancel = useCallback(
    (id: string) => {
      const waiting = queue.current.findIndex((item) => item.upload.id === id);
      const queued = queue.current[waiting];
      if (queued !== undefined) {
        queue.current.splice(waiting, 1);
        change(id, { status: 'error', errorCode: 'cancelled' });
        settle(queued.upload, 'cancelled');
        return;
      }
      void getTransferClient(auth).cancel(id);
    },
    [auth, change, settle],
  );

  const start = useCallback(
    (folder: string, files: readonly File[]) => {
      const [first] = files;
      if (first === undefined) return;
      const added = files.map((file) => ({
        upload: {
          id: crypto.randomUUID(),
          name: file.name,
          size: file.size,
          folder,
          percent: 0,
          status: 'pending' as const,
          errorCode: null,
        },
        file,
      }));
      tasks.start({
        type: 'upload',
        label:
          files.length === 1
            ? t('tasks.uploadOne', { name: first.name })
            : t('tasks.uploadMany', { count: files.length }),
        run: (report, signal) =>
          new Promise<void>((finish) => {
            const batch: Batch = {
              report,
              left: added.length,
              loaded: new Map(),
              total: added.reduce((sum, item) => sum + item.upload.size, 0),
              finish,
            };
            report.total(added.length);
            for (const item of added) batches.current.set(item.upload.id, batch);
            signal.addEventListener(
              'abort',
              () => {
                for (const item of added) cancel(item.upload.id);
              },
              { once: true },
            );
            queue.current.push(...added);
            setUploads((list) => [...list, ...added.map((item) => item.upload)]);
            pump();
          }),
      });
    },
    [cancel, pump, t, tasks],
  );

  const clearFinished = useCallback(
    () => setUploads((list) => list.filter((item) => item.status === 'pending' || item.status === 'uploading')),
    [],
  );

  // Leaving the explorer stops what is still queued (its tasks say so); running transfers finish
  // in the worker and still report to their tasks.
  useEffect(
    () => () => {
      for (const { upload } of queue.current) settle(upload, 'cancelled');
      queue.current = [];
    },
    [settle],
  );

  return { uploads, start, cancel, clearFinished };
}
