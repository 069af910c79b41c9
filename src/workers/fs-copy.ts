// Copies across storages in the worker (the client-side copy): each file of the batch-copy plan
// is fetched from its download link and streamed into the upload the server reserved for it, a
// single PUT for small files (at most COPY_SINGLE_PUT_MAX_BYTES held), else part by part through
// the URL upload's stream-parts (at most partConcurrency + 1 parts held), so memory stays flat
// whatever the file's size. Whole files are then recorded with batch-copy-commit. A cancel stops
// the transfers, aborts unfinished multipart uploads and frees unused reservations: nothing
// half-written stays, and files already whole are committed so storage and index agree.
import { COPY_COMMIT_MAX_FILES, type FsCopyCommitFile, type FsCopyFile } from '@shared/api/fs-copy.schema';
import type { FsMoveCommitFile } from '@shared/api/fs-move.schema';
import type { CopyJob, CopyProgressCallback, CopyResult, FailedCopy } from './copy-protocol';
import { cancelled, failure, fromApiFailure } from './failures';
import { storageUrl } from './fs-transfer';
import type { FsUploadApi } from './fs-upload-api';
import { createJobRegistry, type JobRegistry } from './job-registry';
import { partFailure } from './multipart';
import type { TransferConnection, TransferFailure } from './protocol';
import { putWithRetry, type PutContext } from './put-with-retry';
import { uploadStreamParts } from './stream-parts';
import type { ApiFailure } from './upload-api';

export type FsCopyConfig = {
  /** Small files moving at once; a multipart file moves alone beside them. */
  fileConcurrency: number;
  /** Parts of one large file in flight (the URL upload's 3). */
  partConcurrency: number;
  idleTimeoutMs: number;
  progressIntervalMs: number;
  cleanupTimeoutMs: number;
};

export const defaultFsCopyConfig: FsCopyConfig = {
  fileConcurrency: 3,
  partConcurrency: 3,
  idleTimeoutMs: 5 * 60_000,
  progressIntervalMs: 100,
  cleanupTimeoutMs: 10_000,
};

export type FsCopyDeps = {
  api: (scope: CopyJob['scope']) => FsUploadApi;
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  put: PutContext;
  now: () => number;
  config?: Partial<FsCopyConfig>;
  /** The worker's running jobs, shared by every transfer kind; its own by default. */
  jobs?: JobRegistry;
};

export type FsCopy = {
  copy(job: CopyJob, onProgress?: CopyProgressCallback): Promise<CopyResult>;
  cancel(id: string): boolean;
};

/** Where a file stands: nothing whole yet, stored by a PUT (its reservation ends at commit), or completed (already indexed). */
type Stage =
  | { kind: 'waiting' }
  | { kind: 'stored'; etag: string }
  | { kind: 'completed'; etag: string }
  | { kind: 'failed'; failure: TransferFailure }
  | { kind: 'committed' };
type Tracked = { file: FsCopyFile; stage: Stage; loaded: number };

export function createFsCopy(deps: FsCopyDeps): FsCopy {
  const config = { ...defaultFsCopyConfig, ...deps.config };
  const jobs = deps.jobs ?? createJobRegistry();
  const base = () => deps.connection()?.baseUrl ?? '';

  /** The download, through its link, or a fresh link once when that one fails (it may have expired). */
  async function open(
    api: FsUploadApi,
    file: FsCopyFile,
    signal: AbortSignal,
  ): Promise<ReadableStream<Uint8Array> | TransferFailure> {
    const get = (url: string) => deps.fetch(storageUrl(url, base()), { signal }).catch(() => null);
    let response = await get(file.downloadUrl);
    if (response === null || !response.ok) {
      await response?.body?.cancel().catch(() => undefined);
      if (signal.aborted) return cancelled();
      const link = await api.fileLink({ path: file.sourcePath }, signal);
      if (link.ok) response = await get(link.data.presignedUrl);
    }
    if (signal.aborted) return cancelled();
    if (response === null)
      return failure('network', { retryable: true, message: `could not download ${file.sourcePath}` });
    if (!response.ok || response.body === null)
      return failure('http', {
        status: response.status,
        message: `the download of ${file.sourcePath} answered ${response.status}`,
      });
    return response.body;
  }

  /** At most `size` bytes (a small file) into one Blob; more or fewer is a failure. */
  async function readSmall(
    body: ReadableStream<Uint8Array>,
    size: number,
    signal: AbortSignal,
  ): Promise<Blob | TransferFailure> {
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let have = 0;
    try {
      for (;;) {
        const read = await reader.read();
        if (read.done) break;
        have += read.value.byteLength;
        if (have > size)
          return failure('url-size-mismatch', { message: `the source sent more than its ${size} bytes` });
        chunks.push(read.value);
      }
    } catch {
      return signal.aborted ? cancelled() : failure('network', { retryable: true, message: 'the download broke off' });
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    if (have !== size) return failure('url-size-mismatch', { message: `the source sent ${have} bytes, not ${size}` });
    return new Blob(chunks as BlobPart[]);
  }

  async function transfer(api: FsUploadApi, tracked: Tracked, signal: AbortSignal, moved: () => void): Promise<Stage> {
    const { file } = tracked;
    const body = await open(api, file, signal);
    if (!(body instanceof ReadableStream)) return { kind: 'failed', failure: body };
    const { upload } = file;
    if (upload.kind === 'put') {
      const blob = await readSmall(body, file.fileSize, signal);
      if (!(blob instanceof Blob)) return { kind: 'failed', failure: blob };
      const outcome = await putWithRetry(deps.put, {
        url: storageUrl(upload.uploadUrl, base()),
        body: blob,
        headers: { 'Content-Type': file.contentType },
        signal,
        onProgress: (loaded) => {
          tracked.loaded = loaded;
          moved();
        },
      });
      if (!outcome.ok)
        return { kind: 'failed', failure: outcome.reason === 'cancelled' ? cancelled() : partFailure(outcome, 1) };
      tracked.loaded = file.fileSize;
      return { kind: 'stored', etag: outcome.etag };
    }
    const refresh: { failure: ApiFailure | null } = { failure: null };
    const absolute = (parts: readonly { partNumber: number; url: string }[]) =>
      parts.map((part) => ({ ...part, url: storageUrl(part.url, base()) }));
    const parts = await uploadStreamParts({
      source: body,
      size: file.fileSize,
      partSize: upload.partSize,
      partCount: upload.partCount,
      urls: absolute(upload.presignedUrls),
      refreshUrls: async (partNumbers) => {
        const fresh = await api.multipartUrls({ uploadId: upload.uploadId, partNumbers }, signal);
        if (fresh.ok) return absolute(fresh.data.presignedUrls);
        refresh.failure = fresh;
        return null;
      },
      concurrency: config.partConcurrency,
      put: deps.put,
      signal,
      idleTimeoutMs: config.idleTimeoutMs,
      onDownloaded: () => undefined,
      onUploaded: (bytes) => {
        tracked.loaded = bytes;
        moved();
      },
    });
    if (!parts.ok) {
      const reason =
        refresh.failure !== null && parts.failure.code !== 'cancelled'
          ? fromApiFailure('part-failed', refresh.failure)
          : parts.failure;
      return { kind: 'failed', failure: reason };
    }
    const done = await api.multipartComplete({ uploadId: upload.uploadId, parts: parts.parts }, signal);
    if (!done.ok) return { kind: 'failed', failure: fromApiFailure('complete-failed', done) };
    return { kind: 'completed', etag: done.data.etag ?? '' };
  }

  /** Records every whole file, a mount and COPY_COMMIT_MAX_FILES at a time. */
  async function commit(api: FsUploadApi, job: CopyJob, files: readonly Tracked[], signal: AbortSignal): Promise<void> {
    const byMount = new Map<string, Tracked[]>();
    for (const tracked of files) {
      if (tracked.stage.kind !== 'stored' && tracked.stage.kind !== 'completed') continue;
      byMount.set(tracked.file.targetMountId, [...(byMount.get(tracked.file.targetMountId) ?? []), tracked]);
    }
    for (const [targetMountId, group] of byMount) {
      for (let i = 0; i < group.length; i += COPY_COMMIT_MAX_FILES) {
        const batch = group.slice(i, i + COPY_COMMIT_MAX_FILES);
        const answer =
          job.move === undefined
            ? await api.batchCopyCommit({ targetMountId, files: batch.map(commitEntry) }, signal)
            : await api.moveCommit({ targetMountId, files: batch.map(moveCommitEntry), sourceFolders: [] }, signal);
        if (!answer.ok) {
          for (const tracked of batch)
            tracked.stage = { kind: 'failed', failure: fromApiFailure('commit-failed', answer) };
          continue;
        }
        const refused = new Map(answer.data.failed.map((entry) => [entry.targetPath, entry]));
        for (const tracked of batch) {
          const no = refused.get(tracked.file.targetPath);
          tracked.stage =
            no === undefined
              ? { kind: 'committed' }
              : { kind: 'failed', failure: failure('commit-failed', { errorCode: no.code, message: no.error }) };
        }
      }
    }
  }

  /** A move whose every file arrived: its source folders go, where nothing was left in them. */
  async function removeSourceFolders(
    api: FsUploadApi,
    job: CopyJob,
    files: readonly Tracked[],
    signal: AbortSignal,
  ): Promise<void> {
    const folders = job.move?.sourceFolders ?? [];
    const [mountId] = files.map((tracked) => tracked.file.targetMountId);
    if (folders.length === 0 || mountId === undefined || signal.aborted) return;
    if (files.some((tracked) => tracked.stage.kind !== 'committed')) return;
    await api.moveCommit({ targetMountId: mountId, files: [], sourceFolders: folders }, signal);
  }

  /** Frees what the server still holds for files that never became whole. Best effort: the sweeper takes the rest. */
  async function release(api: FsUploadApi, files: readonly Tracked[]): Promise<void> {
    const signal = AbortSignal.timeout(config.cleanupTimeoutMs);
    for (const { file, stage } of files) {
      if (stage.kind !== 'waiting' && stage.kind !== 'failed') continue;
      const { uploadId } = file.upload;
      await (file.upload.kind === 'multipart'
        ? api.multipartAbort({ uploadId }, signal)
        : api.cancel({ uploadId }, signal)
      ).catch(() => undefined);
    }
  }

  async function run(
    job: CopyJob,
    signal: AbortSignal,
    onProgress: CopyProgressCallback | undefined,
  ): Promise<CopyResult> {
    const api = deps.api(job.scope);
    const files: Tracked[] = job.plan.flatMap((item) =>
      item.files.map((file) => ({ file, stage: { kind: 'waiting' } as Stage, loaded: 0 })),
    );
    const total = files.reduce((sum, tracked) => sum + tracked.file.fileSize, 0);
    const started = deps.now();
    let lastReport = -Infinity;
    const report = (current: Tracked, force = false) => {
      const now = deps.now();
      if (onProgress === undefined || (!force && now - lastReport < config.progressIntervalMs)) return;
      lastReport = now;
      const loaded = files.reduce((sum, tracked) => sum + tracked.loaded, 0);
      const seconds = (now - started) / 1000;
      onProgress({
        sourcePath: current.file.sourcePath,
        targetPath: current.file.targetPath,
        fileLoaded: current.loaded,
        fileTotal: current.file.fileSize,
        filesDone: files.filter((tracked) => tracked.stage.kind === 'stored' || tracked.stage.kind === 'completed')
          .length,
        filesFailed: files.filter((tracked) => tracked.stage.kind === 'failed').length,
        filesTotal: files.length,
        loaded,
        total,
        bytesPerSecond: seconds > 0 ? loaded / seconds : 0,
      });
    };
    // Small files share `fileConcurrency` slots; a multipart file takes the one large slot.
    let large: Promise<void> = Promise.resolve();
    const queue = [...files];
    const lane = async () => {
      for (let tracked = queue.shift(); tracked !== undefined && !signal.aborted; tracked = queue.shift()) {
        const current = tracked;
        const go = async () => {
          current.stage = await transfer(api, current, signal, () => report(current)).catch(
            (error: unknown): Stage => ({
              kind: 'failed',
              failure: failure('internal', { message: error instanceof Error ? error.message : String(error) }),
            }),
          );
          report(current, true);
        };
        if (current.file.upload.kind === 'multipart') {
          const turn = large.then(go);
          large = turn.catch(() => undefined);
          await turn;
        } else {
          await go();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, config.fileConcurrency) }, lane));
    await commit(api, job, files, signal.aborted ? AbortSignal.timeout(config.cleanupTimeoutMs) : signal);
    await release(api, files);
    await removeSourceFolders(api, job, files, signal);
    const copied = files
      .filter((tracked) => tracked.stage.kind === 'committed')
      .map(({ file }) => ({ sourcePath: file.sourcePath, targetPath: file.targetPath }));
    const failed: FailedCopy[] = files.flatMap(({ file, stage }) =>
      stage.kind === 'failed' && stage.failure.code !== 'cancelled'
        ? [{ ...stage.failure, sourcePath: file.sourcePath, targetPath: file.targetPath }]
        : [],
    );
    const status = signal.aborted
      ? 'cancelled'
      : failed.length === 0
        ? 'completed'
        : copied.length > 0
          ? 'partial'
          : 'failed';
    return { ok: true, status, copied, failed };
  }

  return {
    copy: (job, onProgress) =>
      jobs.run(
        job.id,
        ({ signal }) => run(job, signal, onProgress),
        () => failure('invalid-job', { message: `copy ${job.id} is already running` }),
      ),
    cancel: (id) => jobs.cancel(id),
  };
}

function commitEntry({ file, stage }: Tracked): FsCopyCommitFile {
  const etag = stage.kind === 'stored' || stage.kind === 'completed' ? stage.etag : '';
  return {
    targetPath: file.targetPath,
    s3Path: file.targetKey,
    contentType: file.contentType,
    fileSize: file.fileSize,
    ...(etag === '' ? {} : { etag }),
    // A PUT's reservation ends with this commit; a multipart upload's ended at its complete call.
    ...(stage.kind === 'stored' ? { uploadId: file.upload.uploadId } : {}),
  };
}

function moveCommitEntry(tracked: Tracked): FsMoveCommitFile {
  return { ...commitEntry(tracked), sourcePath: tracked.file.sourcePath };
}
