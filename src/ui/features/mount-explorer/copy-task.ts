// A copy as a task of the app's registry (copies between folders and storages): batch-copy first,
// which copies inside one storage on the server; what crosses storages comes back as a plan the
// transfer worker carries across, file by file, and commits. Skipped files count as done; the
// failed ones can be retried, each with the target the plan gave it.
import type { TaskSpec } from '@machines/task-registry';
import type { FsBatchCopyItem, FsBatchCopyResult, FsCopyDetail } from '@shared/api/fs-copy.schema';
import { isApiError } from '@shared/api-error';
import type { CopyJob, CopyProgressCallback, CopyResult } from '@workers/copy-protocol';
import type { FsScope } from './data/fs-scope';
import type { FsCalls } from './data/use-fs-calls';

export type CopyTaskOptions = {
  calls: Pick<FsCalls, 'batchCopy'>;
  transfer: {
    copyAcrossStorages(job: CopyJob, onProgress?: CopyProgressCallback): Promise<CopyResult>;
    cancel(id: string): Promise<boolean>;
  };
  scope: FsScope;
  items: readonly FsBatchCopyItem[];
  skipExisting: boolean;
  label: string;
  /** Told of every target path that now holds a copy, so a folder on screen can show it. */
  onCopied: (targetPaths: string[]) => void;
};

function reportDetail(detail: FsCopyDetail, report: Parameters<TaskSpec['run']>[0], copied: string[]): void {
  if (detail.status === 'failed') report.failed(detail.sourcePath, detail.code ?? 'copy-failed', detail.error);
  else if (detail.status !== 'planned') {
    if (detail.status === 'copied') copied.push(detail.targetPath);
    report.succeeded(detail.sourcePath);
  }
}

export function copyTask(options: CopyTaskOptions): TaskSpec {
  const { calls, transfer, scope, items, skipExisting, onCopied } = options;
  // Where each failed item goes again on a retry: a whole item, or one file of a cross-storage plan.
  const targets = new Map(items.map((item) => [item.sourcePath, item.targetPath]));
  return {
    type: 'copy',
    label: options.label,
    async run(report, signal) {
      // No count before the server's answer: a folder that crosses storages becomes its files, and
      // a count that changed its unit midway ("0 of 2", then "5 of 5") would say nothing.
      let answer: FsBatchCopyResult;
      try {
        answer = await calls.batchCopy({ items: [...items], skipExisting });
      } catch (error) {
        // The whole call was refused (a read-only key, a path outside the base path, the network).
        const code = isApiError(error) ? (error.code ?? error.kind) : 'network';
        const message = error instanceof Error ? error.message : undefined;
        report.total(items.length);
        for (const item of items) report.failed(item.sourcePath, code, message);
        return;
      }
      const copied: string[] = [];
      const planned = answer.crossStorageResults.flatMap((result) => result.files);
      // A planned item counts as its files.
      report.total(answer.details.filter((detail) => detail.status !== 'planned').length + planned.length);
      for (const detail of answer.details) reportDetail(detail, report, copied);
      if (answer.requiresClientSideCopy && planned.length > 0 && !signal.aborted) {
        for (const file of planned) targets.set(file.sourcePath, file.targetPath);
        const id = crypto.randomUUID();
        const stop = () => void transfer.cancel(id);
        signal.addEventListener('abort', stop, { once: true });
        try {
          const result = await transfer.copyAcrossStorages(
            { id, scope, plan: answer.crossStorageResults },
            (progress) => report.bytes(progress.loaded, progress.total),
          );
          // Refused as a whole (the worker could not start it): every planned file failed with it.
          const failed = result.ok
            ? result.failed
            : planned.map(({ sourcePath, targetPath }) => ({ ...result, sourcePath, targetPath }));
          for (const file of result.ok ? result.copied : []) {
            copied.push(file.targetPath);
            report.succeeded(file.sourcePath);
          }
          for (const failure of failed)
            report.failed(failure.sourcePath || failure.targetPath, failure.errorCode ?? failure.code, failure.message);
        } finally {
          signal.removeEventListener('abort', stop);
        }
      }
      if (copied.length > 0) onCopied(copied);
    },
    retry(failures) {
      const again = failures.flatMap((failure) => {
        const targetPath = targets.get(failure.item);
        return targetPath === undefined ? [] : [{ sourcePath: failure.item, targetPath }];
      });
      return again.length === 0 ? null : copyTask({ ...options, items: again });
    },
  };
}
