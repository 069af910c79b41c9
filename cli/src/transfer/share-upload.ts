// A file share from disk, the way the transfer worker makes one: below 16 MiB presign → one PUT →
// commit; above, multipart init (the shared part plan) → parts straight to storage → complete →
// commit. A multipart upload's ids are kept in the config folder until it is committed, so a run
// that was interrupted resumes: the parts storage holds are listed and only the rest are sent.
import type { CommitResponse, CompletedPart, PresignedPart } from '@shared/api/upload.schema';
import {
  abortMultipartUpload,
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  listMultipartParts,
  presignUpload,
  refreshMultipartUrls,
} from '@shared/api/upload.endpoints';
import { isApiError } from '@shared/api-error';
import { uploadMimetype } from '@shared/mimetype';
import { planParts } from '@shared/part-plan';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import type { ApiSession } from '@cli/session/api-session';
import { resumeStoreFor, type ResumeEntry, type ResumeStore } from '@cli/session/resume-store';
import { sendParts } from './send-parts';

const MIB = 1024 * 1024;
export const SINGLE_PUT_MAX_BYTES = 16 * MIB;
export const MIN_DEFAULT_PART_BYTES = 16 * MIB;
export const MAX_DEFAULT_PART_BYTES = 64 * MIB;
export const DEFAULT_CONCURRENCY = 4;

/**
 * The part size asked for when none is given: a sixteenth of the file, in whole MiB, from 16 to
 * 64 MiB. Each part costs the storage gateway a part object, an index entry and a line of the
 * complete call, and on a busy two-core machine 64 parts of a 1 GiB file ran 20–40 % slower than
 * 16 of 64 MiB (bench/RESULTS.md); a small file keeps small parts, so its parts still go several
 * at a time, and a resumed upload sends again at most the parts that were in flight.
 */
export function defaultPartBytes(size: number): number {
  const sixteenth = Math.ceil(size / 16 / MIB) * MIB;
  return Math.min(MAX_DEFAULT_PART_BYTES, Math.max(MIN_DEFAULT_PART_BYTES, sixteenth));
}

export type ShareSettings = { password?: string; expires_in?: number; max_views?: number; remark?: string };

export type ShareUploadJob = {
  path: string;
  name: string;
  size: number;
  modifiedMs: number;
  slug?: string;
  share: ShareSettings;
  partSize: number;
  concurrency: number;
};

export type ShareUploadHooks = {
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  onLoaded: (bytes: number) => void;
  /** A line for the user about what happens (a resumed upload). */
  onNote: (line: string) => void;
  /** Called as each phase ends (init, parts, complete, commit): `CLIPDOCK_TIMINGS`. */
  onPhase?: (phase: string) => void;
};

type Started = {
  fileId: string;
  uploadId: string;
  partSize: number;
  partCount: number;
  urls: readonly PresignedPart[];
  done: readonly CompletedPart[];
};

/** Best effort: the server's sweeper removes what these calls miss. */
async function withdraw(session: ApiSession, fileId: string, uploadId: string | null): Promise<void> {
  const signal = AbortSignal.timeout(10_000);
  if (uploadId !== null)
    await session.api
      .call(abortMultipartUpload, { body: { file_id: fileId, upload_id: uploadId }, signal })
      .catch(() => undefined);
  await session.api.call(cancelUpload, { body: { file_id: fileId }, signal }).catch(() => undefined);
}

/** Whether a failure leaves the upload worth resuming: an interruption or a connection lost. */
function resumable(error: unknown): boolean {
  if (error instanceof CliError)
    return error.exitCode === ExitCode.interrupted || error.exitCode === ExitCode.unavailable;
  return isApiError(error) && ['network', 'timeout', 'unavailable', 'cancelled'].includes(error.kind);
}

/** A gone or finished upload cannot resume: start anew. */
function cannotResume(error: unknown): boolean {
  return isApiError(error) && ['not-found', 'conflict', 'validation', 'forbidden'].includes(error.kind);
}

async function single(session: ApiSession, job: ShareUploadJob, hooks: ShareUploadHooks): Promise<CommitResponse> {
  const { api } = session;
  const signal = hooks.signal;
  const signed = await api.call(presignUpload, {
    body: { filename: job.name, mimetype: uploadMimetype(job.name, undefined), size: job.size, slug: job.slug },
    signal,
  });
  try {
    const [part] = await sendParts({
      path: job.path,
      size: job.size,
      partSize: Math.max(1, job.size),
      partCount: 1,
      urls: [{ partNumber: 1, url: signed.upload_url }],
      done: [],
      headers: { 'content-type': signed.contentType },
      refreshUrls: async () => [],
      concurrency: 1,
      signal,
      onLoaded: hooks.onLoaded,
    });
    if (part === undefined) throw new CliError(ExitCode.unavailable, 'storage kept nothing');
    return await api.call(commitUpload, {
      body: { file_id: signed.file_id, etag: part.etag, size: job.size, ...job.share },
      signal,
    });
  } catch (error) {
    await withdraw(session, signed.file_id, null);
    throw error;
  }
}

async function resumeFrom(
  session: ApiSession,
  job: ShareUploadJob,
  entry: ResumeEntry,
  signal: AbortSignal,
): Promise<Started | null> {
  if (entry.slug !== (job.slug ?? null)) return null;
  const ids = { file_id: entry.fileId, upload_id: entry.uploadId };
  try {
    const listed = await session.api.call(listMultipartParts, { body: ids, signal });
    if (listed.part_count !== Math.max(1, Math.ceil(job.size / listed.part_size))) return null;
    const stored = new Set(listed.parts.map((part) => part.partNumber));
    const missing = Array.from({ length: listed.part_count }, (_, i) => i + 1).filter((n) => !stored.has(n));
    const fresh =
      missing.length === 0
        ? []
        : (await session.api.call(refreshMultipartUrls, { body: { ...ids, part_numbers: missing }, signal }))
            .presigned_urls;
    return {
      fileId: entry.fileId,
      uploadId: entry.uploadId,
      partSize: listed.part_size,
      partCount: listed.part_count,
      urls: fresh,
      done: listed.parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
    };
  } catch (error) {
    if (cannotResume(error)) return null;
    throw error;
  }
}

async function start(session: ApiSession, job: ShareUploadJob, store: ResumeStore, signal: AbortSignal) {
  const plan = planParts(job.size, job.partSize);
  if (plan === null) throw new CliError(ExitCode.refused, `${job.name} is too large for an upload in parts`);
  const init = await session.api.call(initMultipartUpload, {
    body: {
      filename: job.name,
      mimetype: uploadMimetype(job.name, undefined),
      size: job.size,
      slug: job.slug,
      part_size: plan.partSize,
    },
    signal,
  });
  await store.save({
    fileId: init.file_id,
    uploadId: init.upload_id,
    partSize: init.part_size,
    slug: job.slug ?? null,
    startedAt: new Date().toISOString(),
  });
  return {
    fileId: init.file_id,
    uploadId: init.upload_id,
    partSize: init.part_size,
    partCount: init.part_count,
    urls: init.presigned_urls,
    done: [],
  };
}

async function commit(session: ApiSession, job: ShareUploadJob, fileId: string, etag: string, signal: AbortSignal) {
  return session.api.call(commitUpload, { body: { file_id: fileId, etag, size: job.size, ...job.share }, signal });
}

async function multipart(session: ApiSession, job: ShareUploadJob, hooks: ShareUploadHooks): Promise<CommitResponse> {
  const { signal } = hooks;
  const store = resumeStoreFor(hooks.env, session.server, {
    path: job.path,
    size: job.size,
    modifiedMs: job.modifiedMs,
  });
  const entry = await store.find();
  if (entry?.completedEtag !== undefined) {
    try {
      const done = await commit(session, job, entry.fileId, entry.completedEtag, signal);
      await store.forget();
      return done;
    } catch (error) {
      if (!cannotResume(error)) throw error;
    }
  }
  let started = entry === undefined ? null : await resumeFrom(session, job, entry, signal);
  if (entry !== undefined && started === null) {
    await withdraw(session, entry.fileId, entry.uploadId);
    await store.forget();
  }
  if (started !== null) {
    const stored = started.done.length;
    hooks.onNote(`resuming ${job.name}: ${stored} of ${started.partCount} parts already stored`);
  } else {
    started = await start(session, job, store, signal);
  }
  hooks.onPhase?.(entry === undefined ? 'init' : 'resume');
  const { fileId, uploadId, partSize, partCount } = started;
  let assembled = false;
  try {
    const parts = await sendParts({
      path: job.path,
      size: job.size,
      partSize,
      partCount,
      urls: started.urls,
      done: started.done,
      refreshUrls: async (partNumbers) =>
        (
          await session.api.call(refreshMultipartUrls, {
            body: { file_id: fileId, upload_id: uploadId, part_numbers: partNumbers },
            signal,
          })
        ).presigned_urls,
      concurrency: job.concurrency,
      signal,
      onLoaded: hooks.onLoaded,
    });
    hooks.onPhase?.('parts');
    const { etag } = await session.api.call(completeMultipartUpload, {
      body: { file_id: fileId, upload_id: uploadId, parts },
      signal,
    });
    hooks.onPhase?.('complete');
    assembled = true;
    await store.save({
      fileId,
      uploadId,
      partSize,
      slug: job.slug ?? null,
      startedAt: new Date().toISOString(),
      completedEtag: etag,
    });
    hooks.onPhase?.('save');
    const done = await commit(session, job, fileId, etag, signal);
    hooks.onPhase?.('commit');
    await store.forget();
    return done;
  } catch (error) {
    if (!resumable(error)) {
      await withdraw(session, fileId, assembled ? null : uploadId);
      await store.forget();
    }
    throw error;
  }
}

export function uploadShare(
  session: ApiSession,
  job: ShareUploadJob,
  hooks: ShareUploadHooks,
): Promise<CommitResponse> {
  return job.size < SINGLE_PUT_MAX_BYTES ? single(session, job, hooks) : multipart(session, job, hooks);
}
