// Uploads into a mount folder through the transfer worker (the same engine as the upload page):
// two files at a time, per-file progress, cancel. A finished file is handed to `onUploaded` so
// the folder on screen shows it without reloading.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import type { UploadErrorCode } from '@shared/api/upload.schema';
import { uploadMimetype } from '@shared/mimetype';
import { useAuthActor } from '@ui/lib/auth-provider';
import { getTransferClient } from '@ui/lib/transfer';
import type { FsScope } from './use-fs-calls';

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

export type MountUploads = {
  uploads: MountUpload[];
  start: (folder: string, files: readonly File[]) => void;
  cancel: (id: string) => void;
  /** Drops finished and failed rows from the list. */
  clearFinished: () => void;
};

export function useMountUploads(scope: FsScope, onUploaded: (folder: string, entry: FsEntry) => void): MountUploads {
  const auth = useAuthActor();
  const [uploads, setUploads] = useState<MountUpload[]>([]);
  const queue = useRef<{ upload: MountUpload; file: File }[]>([]);
  const running = useRef(0);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const change = useCallback((id: string, patch: Partial<MountUpload>) => {
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
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
          { id: upload.id, scope, file, folder: upload.folder, fileName: upload.name, contentType: uploadMimetype(upload.name, file.type) },
          (progress) => change(upload.id, { percent: progress.percent }),
        )
        .then((result) => {
          running.current -= 1;
          if (result.ok) {
            change(upload.id, { status: 'done', percent: 100 });
            onUploadedRef.current(upload.folder, result.entry);
          } else {
            change(upload.id, { status: 'error', errorCode: result.code });
          }
          pump();
        });
    }
  }, [auth, scope, change]);

  const start = useCallback(
    (folder: string, files: readonly File[]) => {
      const added = files.map((file) => ({
        upload: { id: crypto.randomUUID(), name: file.name, size: file.size, folder, percent: 0, status: 'pending' as const, errorCode: null },
        file,
      }));
      queue.current.push(...added);
      setUploads((list) => [...list, ...added.map((item) => item.upload)]);
      pump();
    },
    [pump],
  );

  const cancel = useCallback(
    (id: string) => {
      const waiting = queue.current.findIndex((item) => item.upload.id === id);
      if (waiting >= 0) {
        queue.current.splice(waiting, 1);
        change(id, { status: 'error', errorCode: 'cancelled' });
        return;
      }
      void getTransferClient(auth).cancel(id);
    },
    [auth, change],
  );

  const clearFinished = useCallback(() => setUploads((list) => list.filter((item) => item.status === 'pending' || item.status === 'uploading')), []);

  // Leaving the explorer stops what is still queued; running transfers finish in the worker.
  useEffect(() => () => void (queue.current = []), []);

  return { uploads, start, cancel, clearFinished };
}
