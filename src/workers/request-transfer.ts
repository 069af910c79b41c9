// Uploads through a file request: the transfer engine itself (presign → PUT → commit, or
// multipart with resume after a reload), on the request's calls, while the file's SHA-256 is
// computed beside the upload (receipt-hash.ts: two reused buffers, so memory stays flat). The hash
// starts once the bytes start going, so the request's checks at the start never wait for it. The
// result comes as soon as the server has committed the file, a line of the uploader's receipt;
// its SHA-256 follows in the job's hash report, at once when the hash was done first.
import { createTransferEngine, type TransferEngineDeps } from './engine';
import { failure } from './failures';
import { createJobRegistry } from './job-registry';
import { sha256Of } from './receipt-hash';
import {
  checkpointKey,
  indexedDbCheckpoints,
  type HashCheckpoint,
  type HashCheckpoints,
} from './receipt-hash-checkpoints';
import type { ProgressCallback, StartedCallback, TransferConnection } from './protocol';
import type { HashedCallback, RequestUploadJob, RequestUploadResult } from './request-protocol';
import { createRequestUploadApi } from './request-upload-api';

export type RequestTransferDeps = Omit<TransferEngineDeps, 'api'> & {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  /** Where the hash of an upload a reload may interrupt is kept; this browser's IndexedDB by default. */
  checkpoints?: HashCheckpoints | null;
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

/** How far a hash is, in whole percent: its reports go out at most once per percent. */
function percentOf(hashed: number, size: number): number {
  return size === 0 ? 100 : Math.min(100, Math.floor((hashed / size) * 100));
}

/**
 * The receipt's hash of one upload, started by `begin`. Its state is kept at each checkpoint under
 * the upload's ids once the server has given them, and taken up again from the last one when the
 * upload resumes after a reload.
 */
function receiptHash(job: RequestUploadJob, checkpoints: HashCheckpoints | null, signal: AbortSignal) {
  let key = job.resume === undefined ? null : checkpointKey(job.resume);
  let latest: HashCheckpoint | null = null;
  let writes = Promise.resolve();
  let hashed = 0;
  let onPercent: ((percent: number) => void) | null = null;
  const keep = () => {
    if (checkpoints === null || key === null || latest === null) return;
    const [at, checkpoint] = [key, latest];
    writes = writes.then(() => checkpoints.save(at, job.file, checkpoint)).catch(() => undefined);
  };
  const resumed = key === null || checkpoints === null ? null : checkpoints.load(key, job.file).catch(() => null);
  let begin: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const hash = (async () => {
    await begun;
    signal.throwIfAborted();
    const from = await resumed;
    return sha256Of(job.file, {
      signal,
      ...(from === null ? {} : { from }),
      onBytes: (count) => {
        const before = percentOf(hashed, job.file.size);
        hashed = count;
        const now = percentOf(hashed, job.file.size);
        if (now > before) onPercent?.(now);
      },
      onCheckpoint: (checkpoint) => {
        latest = checkpoint;
        keep();
      },
    });
  })();
  let outcome: { sha256: string } | { message: string } | null = null;
  const over = hash.then(
    (sha256) => {
      outcome = { sha256 };
    },
    (error: unknown) => {
      outcome = { message: error instanceof Error ? error.message : String(error) };
    },
  );
  return {
    begin,
    started(upload: { fileId: string; uploadId: string }) {
      key = checkpointKey(upload);
      keep();
    },
    /** The upload ended for good: its checkpoint goes. */
    forget() {
      if (checkpoints === null || key === null) return;
      const at = key;
      // Nothing is kept after this, not even the checkpoint of a hash still finishing.
      key = null;
      writes = writes.then(() => checkpoints.forget(at)).catch(() => undefined);
    },
    /** From the commit on, the page hears where the hash of the receipt line `fileId` stands. */
    report(fileId: string, onHashed: HashedCallback | undefined) {
      const tell = () => {
        if (outcome === null) return;
        onHashed?.(
          'sha256' in outcome
            ? { state: 'hashed', fileId, sha256: outcome.sha256 }
            : { state: 'failed', fileId, message: outcome.message },
        );
      };
      if (outcome !== null) return tell();
      begin();
      // The digest follows the last chunk: 100 % is said by `hashed` alone.
      onPercent = (percent) =>
        outcome === null && onHashed?.({ state: 'hashing', fileId, percent: Math.min(percent, 99) });
      onPercent(percentOf(hashed, job.file.size));
      void over.then(tell);
    },
  };
}

export function createRequestTransfer({
  fetch,
  connection,
  checkpoints: kept,
  ...engineDeps
}: RequestTransferDeps): RequestTransfer {
  const jobs = engineDeps.jobs ?? createJobRegistry();
  const checkpoints = kept === undefined ? indexedDbCheckpoints() : kept;
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
      // The hash stops with the upload: a failed or cancelled one reads no more of the file.
      const hashing = new AbortController();
      let arrived = false;
      try {
        const receipt = receiptHash(job, checkpoints, hashing.signal);
        const result = await engine.upload(
          {
            id: job.id,
            file: job.file,
            filename: job.filename,
            ...(job.resume === undefined ? {} : { resume: job.resume }),
            ...(job.poster === undefined ? {} : { poster: job.poster }),
          },
          (progress) => {
            if (progress.stage === 'uploading') receipt.begin();
            onProgress?.(progress);
          },
          (started) => {
            receipt.started(started);
            onStarted?.(started);
          },
        );
        // As the page does: a failure the network caused leaves the upload on the server, to resume.
        if (result.ok || !result.retryable) receipt.forget();
        if (!result.ok) return result;
        const { share } = result;
        arrived = true;
        receipt.report(share.id, onHashed);
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
        if (!arrived) hashing.abort();
      }
    },
    cancel: (id) => jobs.cancel(id),
  };
}
