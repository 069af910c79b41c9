// A copy across storage configs (the client-side copy): the server cannot copy between two
// storages, so it lists every file below the source (every level, a storage page at a time), checks
// the target's max upload size and quota for the whole item, reserves one upload per file (a
// presigned PUT up to COPY_SINGLE_PUT_MAX_BYTES, else a multipart upload with its part URLs: a
// browser cannot stream one request body, so large files go up in parts), and hands back a
// download link for each. The client carries the bytes and commits (fs-copy-commit.service.ts).
// A folder's own structure (the folder, and every folder below it, empty ones too) is no bytes to
// carry: the plan names the markers the server writes into the target itself.
import {
  COPY_PART_BYTES,
  COPY_SINGLE_PUT_MAX_BYTES,
  type FsCopyDetail,
  type FsCopyFile,
  type FsCopyUpload,
  type FsCrossStorageResult,
} from '@shared/api/fs-copy.schema';
import { FS_LINK_MAX_SECONDS } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { resolveMimeType } from '@server/lib/mime';
import type { MountTarget } from './fs-access.service';
import { treeOf, type CopyPair } from './fs-copy-tree';
import type { FsMultipartService } from './fs-multipart.service';
import { nameOf, pathOfKey, wirePath } from '@server/lib/fs-path';
import { fileAt, folderAt, probe } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsUploadService } from './fs-upload.service';

/** Download links of a copy live at least an hour (the config's signature lifetime when longer). */
const minDownloadSeconds = 3600;

type Source = { key: string; targetKey: string; size: number; etag: string | null; contentType: string | null };
/** `folders`: target keys of the folder markers to write (the folder itself first), none for a file. */
export type Planned = {
  detail: Omit<FsCopyDetail, 'sourcePath' | 'targetPath'>;
  result: FsCrossStorageResult | null;
  folders: string[];
};

export class FsCopyPlanner {
  constructor(
    private readonly core: FsUploadCore,
    private readonly uploads: FsUploadService,
    private readonly multipart: FsMultipartService,
  ) {}

  async plan({ from, to }: CopyPair, skipExisting: boolean, origin: string): Promise<Planned> {
    const found = await probe(from, this.#log);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'the source file or folder was not found');
    const isDirectory = found.kind === 'folder';
    let sources: Source[];
    let skippedFiles = 0;
    const folders: string[] = [];
    if (found.kind === 'file') {
      await this.core.mustFitAt(to);
      if (skipExisting && (await fileAt(to, to.key, this.#log)) !== null)
        return { detail: { status: 'skipped', isDirectory, files: 0, skippedFiles: 1 }, result: null, folders };
      const { size, etag, contentType } = found.head;
      sources = [{ key: from.key, targetKey: to.key, size, etag, contentType }];
    } else {
      const parentKey = to.key.includes('/') ? to.key.slice(0, to.key.lastIndexOf('/')) : '';
      if ((await folderAt(to, parentKey, this.#log)) === null)
        throw new AppError(ErrorCode.Conflict, 'the parent folder of the target does not exist');
      if ((await fileAt(to, to.key, this.#log)) !== null)
        throw new AppError(ErrorCode.Conflict, 'a file exists where the folder would go');
      const existing = new Set((await treeOf(to, to.key, this.#log)).map((object) => object.key));
      if ((await folderAt(to, to.key, this.#log)) === null) folders.push(`${to.key}/`);
      sources = [];
      for (const object of await treeOf(from, from.key, this.#log)) {
        const targetKey = `${to.key}/${object.key.slice(from.key.length + 1)}`;
        if (object.key.endsWith('/')) {
          if (!existing.has(targetKey)) folders.push(targetKey);
          continue;
        }
        if (skipExisting && existing.has(targetKey)) skippedFiles += 1;
        else sources.push({ key: object.key, targetKey, size: object.size, etag: object.etag, contentType: null });
      }
    }
    if (sources.length === 0)
      return {
        detail: {
          status: skippedFiles > 0 && folders.length === 0 ? 'skipped' : 'copied',
          isDirectory,
          files: 0,
          skippedFiles,
        },
        result: null,
        folders,
      };
    // The whole item must fit before anything is reserved; each file's reservation checks again.
    const total = sources.reduce((sum, source) => sum + source.size, 0);
    const largest = sources.reduce((max, source) => Math.max(max, source.size), 0);
    await this.core.limits.reserveWith(to.config, total, 0, () => Promise.resolve(), largest);
    const files: FsCopyFile[] = [];
    try {
      for (const source of sources) files.push(await this.#file(from, to, source, origin));
    } catch (error) {
      await this.#release(to, files);
      throw error;
    }
    const result = {
      sourcePath: wirePath(from.path, false),
      targetPath: wirePath(to.path, false),
      isDirectory,
      targetMountId: to.mount.id,
      files,
    };
    return { detail: { status: 'planned', isDirectory, files: files.length, skippedFiles }, result, folders };
  }

  async #file(from: MountTarget, to: MountTarget, source: Source, origin: string): Promise<FsCopyFile> {
    const target: MountTarget = {
      ...to,
      path: pathOfKey(to.mount.mount_path, source.targetKey),
      key: source.targetKey,
      folder: false,
    };
    const fileName = nameOf(target.path);
    const contentType = resolveMimeType(fileName, source.contentType ?? undefined);
    const expiresIn = Math.min(FS_LINK_MAX_SECONDS, Math.max(minDownloadSeconds, from.config.signature_expires_in));
    const download = await onStorage(from.storage, this.#log, () => from.driver.presignGet(source.key, { expiresIn }));
    let upload: FsCopyUpload;
    if (source.size <= COPY_SINGLE_PUT_MAX_BYTES) {
      // A copy's PUT links live as long as its download links: a long plan reaches its last files late.
      const put = await this.uploads.presignAt(target, contentType, source.size, origin, expiresIn);
      upload = { kind: 'put', uploadId: put.uploadId, uploadUrl: put.uploadUrl, expiresIn: put.expiresIn };
    } else {
      const parts = await this.multipart.initAt(target, contentType, source.size, COPY_PART_BYTES, origin);
      upload = {
        kind: 'multipart',
        uploadId: parts.uploadId,
        partSize: parts.partSize,
        partCount: parts.partCount,
        presignedUrls: parts.presignedUrls,
        expiresIn: parts.expiresIn,
      };
    }
    return {
      sourcePath: wirePath(pathOfKey(from.mount.mount_path, source.key), false),
      targetPath: wirePath(target.path, false),
      fileName,
      sourceKey: source.key,
      targetKey: source.targetKey,
      targetMountId: to.mount.id,
      fileSize: source.size,
      contentType,
      etag: source.etag === null ? null : source.etag.replace(/^"+|"+$/g, ''),
      downloadUrl: new URL(download, origin).toString(),
      downloadExpiresIn: expiresIn,
      upload,
    };
  }

  /** Frees what an item reserved before it failed: reservations, and multipart uploads begun. */
  async #release(to: MountTarget, files: readonly FsCopyFile[]): Promise<void> {
    for (const file of files) {
      await this.core
        .owned(to.caller, file.upload.uploadId)
        .then(async ({ row }) => {
          if (row.upload_id !== null) await to.driver.abortMultipart(row.storage_key, row.upload_id);
          await this.core.release(row);
        })
        .catch(() => undefined);
    }
  }

  get #log() {
    return this.core.logger;
  }
}
