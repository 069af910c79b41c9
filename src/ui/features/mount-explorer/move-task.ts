// A move as a task of the app's registry: fs/move first, which moves inside one storage on the
// server; what crosses storages comes back as batch-copy's plan, which the transfer worker carries
// across and records with move-commit (each source deleted once its target is checked), then the
// emptied source folders go. A failed item says why in the user's language; its file stays at its
// source. Failed items can be retried with the target each was given.
import type { TaskSpec } from '@machines/task-registry';
import type { FsBatchCopyItem } from '@shared/api/fs-copy.schema';
import type { FsMoveDetail, FsMoveRequest, FsMoveResult } from '@shared/api/fs-move.schema';
import { isApiError } from '@shared/api-error';
import { ErrorCode } from '@shared/errors';
import type { CopyJob, CopyProgressCallback, CopyResult } from '@workers/copy-protocol';
import type { FsScope } from './data/fs-scope';

/** The translated reason of a failed item, from the server's ErrorCode or the worker's failure code. */
export type MoveFailureText = (code: string) => string;

export type MoveTaskOptions = {
  move: (request: FsMoveRequest) => Promise<FsMoveResult>;
  transfer: {
    copyAcrossStorages(job: CopyJob, onProgress?: CopyProgressCallback): Promise<CopyResult>;
    cancel(id: string): Promise<boolean>;
  };
  scope: FsScope;
  items: readonly FsBatchCopyItem[];
  skipExisting: boolean;
  label: string;
  failureText: MoveFailureText;
  /** Told once something moved, with the source and target paths, so folders on screen can reload. */
  onMoved: (paths: string[]) => void;
};

/** Which sentence a failure code gets (the server's ErrorCode, or a transfer failure of the worker). */
export function moveFailureKind(
  code: string,
): 'conflict' | 'notFound' | 'forbidden' | 'tooLarge' | 'storage' | 'other' {
  switch (code) {
    case ErrorCode.Conflict:
      return 'conflict';
    case ErrorCode.NotFound:
      return 'notFound';
    case ErrorCode.Forbidden:
      return 'forbidden';
    case ErrorCode.QuotaExceeded:
    case ErrorCode.PayloadTooLarge:
      return 'tooLarge';
    case ErrorCode.BadGateway:
    case ErrorCode.Unavailable:
    case 'network':
      return 'storage';
    default:
      return 'other';
  }
}

export function moveTask(options: MoveTaskOptions): TaskSpec {
  const { move, transfer, scope, items, skipExisting, failureText, onMoved } = options;
  const targets = new Map(items.map((item) => [item.sourcePath, item.targetPath]));
  return {
    type: 'move',
    label: options.label,
    async run(report, signal) {
      const moved: string[] = [];
      const fail = (item: string, code: string) => report.failed(item, code, failureText(code));
      const done = (detail: Pick<FsMoveDetail, 'sourcePath' | 'targetPath'>) => {
        moved.push(detail.sourcePath, detail.targetPath);
        report.succeeded(detail.sourcePath);
      };
      let answer: FsMoveResult;
      try {
        answer = await move({ items: [...items], skipExisting });
      } catch (error) {
        const code = isApiError(error) ? (error.code ?? error.kind) : 'network';
        report.total(items.length);
        for (const item of items) fail(item.sourcePath, code);
        return;
      }
      const planned = answer.crossStorageResults.flatMap((result) => result.files);
      report.total(answer.details.filter((detail) => detail.status !== 'planned').length + planned.length);
      for (const detail of answer.details) {
        if (detail.status === 'failed') fail(detail.sourcePath, detail.code ?? 'move-failed');
        else if (detail.status !== 'planned') {
          if (detail.files > 0) moved.push(detail.sourcePath, detail.targetPath);
          report.succeeded(detail.sourcePath);
        }
      }
      if (planned.length > 0 && !signal.aborted) {
        for (const file of planned) targets.set(file.sourcePath, file.targetPath);
        const sourceFolders = answer.details
          .filter((detail) => detail.status === 'planned' && detail.isDirectory)
          .map((detail) => detail.sourcePath);
        const id = crypto.randomUUID();
        const stop = () => void transfer.cancel(id);
        signal.addEventListener('abort', stop, { once: true });
        try {
          const result = await transfer.copyAcrossStorages(
            { id, scope, plan: answer.crossStorageResults, move: { sourceFolders } },
            (progress) => report.bytes(progress.loaded, progress.total),
          );
          const copied = result.ok ? result.copied : [];
          // Refused as a whole (the worker could not start it): every planned file failed with it.
          const failed = result.ok
            ? result.failed
            : planned.map(({ sourcePath, targetPath }) => ({ ...result, sourcePath, targetPath }));
          for (const file of copied) done(file);
          // The folders the planned items left and went to changed too (an emptied folder is gone).
          if (copied.length > 0)
            for (const detail of answer.details)
              if (detail.status === 'planned') moved.push(detail.sourcePath, detail.targetPath);
          for (const failure of failed)
            fail(failure.sourcePath || failure.targetPath, failure.errorCode ?? failure.code);
        } finally {
          signal.removeEventListener('abort', stop);
        }
      }
      if (moved.length > 0) onMoved(moved);
    },
    retry(failures) {
      const again = failures.flatMap((failure) => {
        const targetPath = targets.get(failure.item);
        return targetPath === undefined ? [] : [{ sourcePath: failure.item, targetPath }];
      });
      return again.length === 0 ? null : moveTask({ ...options, items: again });
    },
  };
}
