// A file from disk into a folder of the mounts, the way the explorer's worker sends one: below
// 16 MiB a presigned PUT then presign/commit; above, multipart init → parts straight to storage →
// complete, which indexes the file. A failure before that frees the reservation.
import type { FsEntry } from '@shared/api/fs.schema';
import type { MountSession } from '@cli/session/mount-session';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { absoluteLink } from '@cli/session/server-address';
import { sendParts } from './send-parts';
import { DEFAULT_CONCURRENCY, defaultPartBytes, SINGLE_PUT_MAX_BYTES } from './share-upload';

export type MountUploadJob = { path: string; size: number; folder: string; fileName: string };
export type MountUploadHooks = { signal: AbortSignal; onLoaded: (bytes: number) => void };

export async function uploadToMount(
  session: MountSession,
  job: MountUploadJob,
  hooks: MountUploadHooks,
): Promise<FsEntry> {
  const { api, fs, server } = session;
  const { signal } = hooks;
  const target = { path: job.folder, fileName: job.fileName, fileSize: job.size };
  if (job.size < SINGLE_PUT_MAX_BYTES) {
    const signed = await api.call(fs.presign, { body: target, signal });
    try {
      const [part] = await sendParts({
        path: job.path,
        size: job.size,
        partSize: Math.max(1, job.size),
        partCount: 1,
        urls: [{ partNumber: 1, url: absoluteLink(server, signed.uploadUrl) }],
        done: [],
        headers: { 'content-type': signed.contentType },
        refreshUrls: async () => [],
        concurrency: 1,
        signal,
        onLoaded: hooks.onLoaded,
      });
      if (part === undefined) throw new CliError(ExitCode.unavailable, 'storage kept nothing');
      return await api.call(fs.commit, { body: { uploadId: signed.uploadId, etag: part.etag }, signal });
    } catch (error) {
      await api
        .call(fs.cancel, { body: { uploadId: signed.uploadId }, signal: AbortSignal.timeout(10_000) })
        .catch(() => undefined);
      throw error;
    }
  }
  const init = await api.call(fs.multipartInit, { body: { ...target, partSize: defaultPartBytes(job.size) }, signal });
  try {
    const parts = await sendParts({
      path: job.path,
      size: job.size,
      partSize: init.partSize,
      partCount: init.partCount,
      urls: init.presignedUrls.map((part) => ({ ...part, url: absoluteLink(server, part.url) })),
      done: [],
      refreshUrls: async (partNumbers) =>
        (
          await api.call(fs.multipartUrls, { body: { uploadId: init.uploadId, partNumbers }, signal })
        ).presignedUrls.map((part) => ({ ...part, url: absoluteLink(server, part.url) })),
      concurrency: DEFAULT_CONCURRENCY,
      signal,
      onLoaded: hooks.onLoaded,
    });
    return await api.call(fs.multipartComplete, { body: { uploadId: init.uploadId, parts }, signal });
  } catch (error) {
    await api
      .call(fs.multipartAbort, { body: { uploadId: init.uploadId }, signal: AbortSignal.timeout(10_000) })
      .catch(() => undefined);
    throw error;
  }
}
