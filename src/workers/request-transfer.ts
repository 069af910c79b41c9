// Uploads through a file request: the transfer engine itself (presign → PUT → commit, or
// multipart with resume after a reload), on the request's calls, while the file's SHA-256 is
// computed from its own stream beside the upload (hash-wasm, one chunk at a time, so memory stays
// flat). The result is a line of the uploader's receipt.
import { createSHA256 } from 'hash-wasm';
import { createTransferEngine, type TransferEngineDeps } from './engine';
import { failure } from './failures';
import { createJobRegistry } from './job-registry';
import type { ProgressCallback, StartedCallback, TransferConnection } from './protocol';
import type { RequestUploadJob, RequestUploadResult } from './request-protocol';
import { createRequestUploadApi } from './request-upload-api';

export type RequestTransferDeps = Omit<TransferEngineDeps, 'api'> & {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
};

export type RequestTransfer = {
  upload(
    job: RequestUploadJob,
    onProgress?: ProgressCallback,
    onStarted?: StartedCallback,
  ): Promise<RequestUploadResult>;
  cancel(id: string): boolean;
};

/** Bytes hashed per read: one slice in memory at a time, whatever the file's size. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/**
 * Hex SHA-256 of a Blob, read one slice at a time. A Blob's own stream hands out chunks faster
 * than they are collected (a 2 GiB upload's tab grew by 300 MiB); a slice read into one buffer,
 * hashed and dropped keeps the tab flat. Each slice yields the worker's loop to the upload's parts.
 */
export async function sha256Of(file: Blob, sliceBytes = HASH_SLICE_BYTES): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += sliceBytes) {
    hasher.update(new Uint8Array(await file.slice(offset, offset + sliceBytes).arrayBuffer()));
  }
  return hasher.digest('hex');
}

export function createRequestTransfer({ fetch, connection, ...engineDeps }: RequestTransferDeps): RequestTransfer {
  const jobs = engineDeps.jobs ?? createJobRegistry();
  return {
    async upload(job, onProgress, onStarted) {
      if (jobs.isRunning(job.id)) return failure('invalid-job', { message: `upload ${job.id} is already running` });
      const api = createRequestUploadApi({
        fetch,
        connection,
        slug: job.slug,
        token: job.token,
        ...(job.uploaderName === undefined ? {} : { uploaderName: job.uploaderName }),
      });
      const engine = createTransferEngine({ ...engineDeps, jobs, api });
      try {
        const hash = sha256Of(job.file);
        hash.catch(() => undefined);
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
        return {
          ok: true,
          receipt: {
            fileId: share.id,
            filename: share.filename,
            size: share.size,
            mimetype: share.mimetype,
            committedAt: share.created_at,
            sha256: await hash,
          },
        };
      } catch (error) {
        return failure('internal', { message: error instanceof Error ? error.message : String(error) });
      }
    },
    cancel: (id) => jobs.cancel(id),
  };
}
