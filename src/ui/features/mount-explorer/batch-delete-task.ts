// A delete of several entries as a task of the app's registry (a task of type delete), so it shows in
// the task panel with its count of deleted and failed entries and can retry the failed ones. The
// server takes up to FS_BATCH_MAX_PATHS paths a call and checks every path before deleting any.
import type { TaskSpec } from '@machines/task-registry';
import { FS_BATCH_MAX_PATHS, type FsEntry } from '@shared/api/fs.schema';
import { isApiError } from '@shared/api-error';
import type { FsCalls } from './data/use-fs-calls';

const bare = (path: string) => path.replace(/\/+$/, '');

export type BatchDeleteOptions = {
  calls: Pick<FsCalls, 'batchRemove'>;
  entries: readonly FsEntry[];
  label: (count: number) => string;
  /** Told of the paths each call deleted, as the listing shows them. */
  onRemoved: (paths: string[]) => void;
};

export function batchDeleteTask(options: BatchDeleteOptions): TaskSpec {
  const { calls, entries, onRemoved } = options;
  return {
    type: 'delete',
    label: options.label(entries.length),
    async run(report, signal) {
      report.total(entries.length);
      for (let at = 0; at < entries.length && !signal.aborted; at += FS_BATCH_MAX_PATHS) {
        const batch = entries.slice(at, at + FS_BATCH_MAX_PATHS);
        try {
          const result = await calls.batchRemove(batch.map((entry) => entry.path));
          const removed = new Set(result.removed.map(bare));
          const failed = new Map(result.failed.map((failure) => [bare(failure.path), failure]));
          const gone: string[] = [];
          for (const entry of batch) {
            const failure = failed.get(bare(entry.path));
            if (failure !== undefined || !removed.has(bare(entry.path)))
              report.failed(entry.path, failure?.code ?? 'not-removed', failure?.error);
            else {
              gone.push(entry.path);
              report.succeeded(entry.path);
            }
          }
          onRemoved(gone);
        } catch (error) {
          // The whole call was refused (a path outside the key's base path, the network): every path of it failed.
          const code = isApiError(error) ? (error.code ?? error.kind) : 'network';
          const message = error instanceof Error ? error.message : undefined;
          for (const entry of batch) report.failed(entry.path, code, message);
        }
      }
    },
    retry(failures) {
      const again = new Set(failures.map((failure) => failure.item));
      const left = entries.filter((entry) => again.has(entry.path));
      return left.length === 0 ? null : batchDeleteTask({ ...options, entries: left });
    },
  };
}
