// Uploads through a file request: the transfer engine itself (presign → PUT → commit, or
// multipart with resume after a reload), on the request's calls, while the file's SHA-256 is
// computed beside the upload (receipt-hash.ts: two reused buffers, so memory stays flat). The
// result is a line of the uploader's receipt.
import { createTransferEngine, type TransferEngine, type TransferEngineDeps } from './engine';
import { failure } from './failures';
import { sha256Of } from './receipt-hash';
import {
  checkpointKey,
  indexedDbCheckpoints,
  type HashCheckpoint,
  type HashCheckpoints,
} from './receipt-hash-checkpoints';
import type { ProgressCallback, StartedCallback, TransferConnection } from './protocol';
import type { RequestUploadJob, RequestUploadResult } from './request-protocol';
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
  ): Promise<RequestUploadResult>;
  cancel(id: string): boolean;
};

/**
 * The receipt's hash of one upload, kept at each checkpoint under the upload's ids once the server
 * has given them, and taken up again from the last one when the upload resumes after a reload.
 */
function receiptHash(job: RequestUploadJob, checkpoints: HashCheckpoints | null, signal: AbortSignal) {
  let key = job.resume === undefined ? null : checkpointKey(job.resume);
  let latest: HashCheckpoint | null = null;
  let writes = Promise.resolve();
  const keep = () => {
    if (checkpoints === null || key === null || latest === null) return;
    const [at, checkpoint] = [key, latest];
    writes = writes.then(() => checkpoints.save(at, job.file, checkpoint)).catch(() => undefined);
  };
  const resumed = key === null || checkpoints === null ? null : checkpoints.load(key, job.file).catch(() => null);
  const hash = (async () => {
    const from = await resumed;
    return sha256Of(job.file, {
      signal,
      ...(from === null ? {} : { from }),
      onCheckpoint: (checkpoint) => {
        latest = checkpoint;
        keep();
      },
    });
  })();
  hash.catch(() => undefined);
  return {
    hash,
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
  };
}

export function createRequestTransfer({
  fetch,
  connection,
  checkpoints: kept,
  ...engineDeps
}: RequestTransferDeps): RequestTransfer {
  const running = new Map<string, TransferEngine>();
  const checkpoints = kept === undefined ? indexedDbCheckpoints() : kept;
  return {
    async upload(job, onProgress, onStarted) {
      if (running.has(job.id)) return failure('invalid-job', { message: `upload ${job.id} is already running` });
      const api = createRequestUploadApi({
        fetch,
        connection,
        slug: job.slug,
        token: job.token,
        ...(job.uploaderName === undefined ? {} : { uploaderName: job.uploaderName }),
      });
      const engine = createTransferEngine({ ...engineDeps, api });
      running.set(job.id, engine);
      // The hash stops with the upload: a failed or cancelled one reads no more of the file.
      const hashing = new AbortController();
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
          onProgress,
          (started) => {
            receipt.started(started);
            onStarted?.(started);
          },
        );
        // As the page does: a failure the network caused leaves the upload on the server, to resume.
        if (result.ok || !result.retryable) receipt.forget();
        if (!result.ok) return result;
        const { share } = result;
        return {
          ok: true,
          receipt: {
            fileId: share.id,
            filename: share.filename,
            size: share.size,
            mimetype: share.mimetype,
            committedAt: share.created_at,
            sha256: await receipt.hash,
          },
        };
      } catch (error) {
        return failure('internal', { message: error instanceof Error ? error.message : String(error) });
      } finally {
        hashing.abort();
        running.delete(job.id);
      }
    },
    cancel(id) {
      return running.get(id)?.cancel(id) ?? false;
    },
  };
}
