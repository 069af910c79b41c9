// Uploads through a file request: the transfer engine itself (presign → PUT → commit, or
// multipart with resume after a reload), on the request's calls. The result comes as soon as the
// server has committed the file; the receipt's SHA-256 is computed afterwards. A large file's is
// computed one at a time and only once no other upload of this worker is running, so it never
// competes with an upload for the CPU; a small file's at once, so a reload soon after keeps it
// (receipt-hash.ts: two reused buffers, so memory stays flat). Its progress and its value reach
// the page through the job's hash report.
import { createTransferEngine, type TransferEngineDeps } from './engine';
import { failure } from './failures';
import { createJobRegistry } from './job-registry';
import { sha256Of } from './receipt-hash';
import type { ProgressCallback, StartedCallback, TransferConnection } from './protocol';
import type { HashedCallback, RequestUploadJob, RequestUploadResult } from './request-protocol';
import { createRequestUploadApi } from './request-upload-api';

export type RequestTransferDeps = Omit<TransferEngineDeps, 'api'> & {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  /** Files up to this size are hashed as soon as they arrive; HASH_AT_ONCE_BYTES by default. */
  hashAtOnceBytes?: number;
};

export type RequestTransfer = {
  upload(
    job: RequestUploadJob,
    onProgress?: ProgressCallback,
    onStarted?: StartedCallback,
    onHashed?: HashedCallback,
  ): Promise<RequestUploadResult>;
  cancel(id: string): boolean;
};

/** Files up to this size are hashed as soon as they arrive (a few hundred ms of CPU at most). */
export const HASH_AT_ONCE_BYTES = 64 * 1024 * 1024;

/** Hash reports go out at most once per whole percent. */
function percentReporter(size: number, report: (percent: number) => void) {
  let last = 0;
  return (hashed: number) => {
    const percent = size === 0 ? 100 : Math.min(100, Math.floor((hashed / size) * 100));
    if (percent <= last) return;
    last = percent;
    report(percent);
  };
}

export function createRequestTransfer({
  fetch,
  connection,
  hashAtOnceBytes = HASH_AT_ONCE_BYTES,
  ...engineDeps
}: RequestTransferDeps): RequestTransfer {
  const jobs = engineDeps.jobs ?? createJobRegistry();
  // The request uploads in flight; hashes wait while there is any, and run one after the other.
  const uploading = new Set<string>();
  let idleWaiters: (() => void)[] = [];
  let hashes = Promise.resolve();
  const idle = () =>
    uploading.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
  const ended = (id: string) => {
    uploading.delete(id);
    if (uploading.size > 0) return;
    const waiting = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiting) resolve();
  };

  function hashAfterwards(file: Blob, fileId: string, onHashed?: HashedCallback) {
    onHashed?.({ state: 'hashing', fileId, percent: 0 });
    const hash = async () => {
      try {
        const onBytes = percentReporter(file.size, (percent) =>
          onHashed?.({ state: 'hashing', fileId, percent: Math.min(percent, 99) }),
        );
        const sha256 = await sha256Of(file, { onBytes });
        onHashed?.({ state: 'hashed', fileId, sha256 });
      } catch (error) {
        onHashed?.({ state: 'failed', fileId, message: error instanceof Error ? error.message : String(error) });
      }
    };
    // A small file's hash costs next to nothing: it is done at once. A large one waits its turn,
    // after every upload of the batch.
    if (file.size <= hashAtOnceBytes) void hash();
    else
      hashes = hashes.then(async () => {
        await idle();
        await hash();
      });
  }

  return {
    async upload(job, onProgress, onStarted, onHashed) {
      if (jobs.isRunning(job.id)) return failure('invalid-job', { message: `upload ${job.id} is already running` });
      const api = createRequestUploadApi({
        fetch,
        connection,
        slug: job.slug,
        token: job.token,
        ...(job.uploaderName === undefined ? {} : { uploaderName: job.uploaderName }),
      });
      const engine = createTransferEngine({ ...engineDeps, jobs, api });
      uploading.add(job.id);
      try {
        const result = await engine.upload(
          {
            id: job.id,
            file: job.file,
            filename: job.filename,
            ...(job.resume === undefined ? {} : { resume: job.resume }),
            ...(job.poster === undefined ? {} : { poster: job.poster }),
          },
          onProgress,
          onStarted,
        );
        if (!result.ok) return result;
        const { share } = result;
        hashAfterwards(job.file, share.id, onHashed);
        return {
          ok: true,
          receipt: {
            fileId: share.id,
            filename: share.filename,
            size: share.size,
            mimetype: share.mimetype,
            committedAt: share.created_at,
          },
        };
      } catch (error) {
        return failure('internal', { message: error instanceof Error ? error.message : String(error) });
      } finally {
        ended(job.id);
      }
    },
    cancel: (id) => jobs.cancel(id),
  };
}
