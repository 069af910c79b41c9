// Multipart uploads into a mount, shaped like the share uploads the transfer worker already drives:
// init plans the parts and presigns each one (signed for its exact length); parts go straight to
// storage, or through `multipart/part` when the browser cannot reach it; complete assembles and
// indexes. The server keeps key, storage upload id and part plan; the client only names the upload.
import type { Readable } from 'node:stream';
import type { PresignedPart } from '@shared/api/upload.schema';
import type {
  FsEntry,
  FsMultipartCompleteRequest,
  FsMultipartInitRequest,
  FsMultipartInitResult,
  FsMultipartUrlsRequest,
} from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { fieldError } from '@server/lib/field-error';
import { resolveMimeType } from '@server/lib/mime';
import { StorageError } from '@server/storage/storage-driver';
import type { PartPlan } from '@shared/part-plan';
import { partLength, planUpload, UPLOAD_LINK_TTL_SECONDS } from '@server/lib/upload-plan';
import type { FsCaller, MountTarget } from './fs-access.service';
import { wirePath } from '@server/lib/fs-path';
import { fileAt } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsUploadRow } from './fs.types';

type Multipart = { row: FsUploadRow & { upload_id: string }; file: MountTarget; plan: PartPlan };

export class FsMultipartService {
  constructor(private readonly core: FsUploadCore) {}

  async init(caller: FsCaller, input: FsMultipartInitRequest, origin: string): Promise<FsMultipartInitResult> {
    const file = await this.core.newFile(caller, input.path, input.fileName);
    return this.initAt(
      file,
      resolveMimeType(input.fileName, input.contentType),
      input.fileSize,
      input.partSize,
      origin,
    );
  }

  /** Starts a multipart upload of `fileSize` bytes to `file`, a target the caller has checked. */
  async initAt(
    file: MountTarget,
    contentType: string,
    fileSize: number,
    partSize: number | undefined,
    origin: string,
  ): Promise<FsMultipartInitResult> {
    const plan = planUpload(fileSize, partSize);
    await this.core.limits.check(file.config, fileSize, await this.core.replacedBytes(file));
    const uploadId = await onStorage(file.storage, this.core.logger, () =>
      file.driver.createMultipart(file.key, contentType),
    );
    let row: FsUploadRow;
    try {
      row = await this.core.reserve(file, fileSize, contentType, { multipart: { uploadId, partSize: plan.partSize } });
    } catch (error) {
      await file.driver.abortMultipart(file.key, uploadId).catch(() => undefined);
      throw error;
    }
    const numbers = Array.from({ length: plan.partCount }, (_, index) => index + 1);
    return {
      uploadId: row.id,
      path: wirePath(file.path, false),
      contentType,
      fileSize: fileSize,
      partSize: plan.partSize,
      partCount: plan.partCount,
      presignedUrls: await this.#presign({ row: { ...row, upload_id: uploadId }, file, plan }, numbers, origin),
      expiresIn: UPLOAD_LINK_TTL_SECONDS,
      mount_id: file.mount.id,
      storage_type: file.mount.storage_type,
    };
  }

  async urls(
    caller: FsCaller,
    input: FsMultipartUrlsRequest,
    origin: string,
  ): Promise<{ presignedUrls: PresignedPart[] }> {
    const upload = await this.#owned(caller, input.uploadId);
    for (const partNumber of input.partNumbers) {
      if (partNumber > upload.plan.partCount)
        throw fieldError('partNumbers', `this upload has ${upload.plan.partCount} part(s)`);
    }
    return { presignedUrls: await this.#presign(upload, input.partNumbers, origin) };
  }

  /** One part through the server: exactly its planned length, streamed into storage. */
  async part(
    caller: FsCaller,
    uploadId: string,
    partNumber: number,
    body: Readable,
    contentLength: string | undefined,
  ): Promise<{ partNumber: number; etag: string }> {
    const upload = await this.#owned(caller, uploadId);
    if (partNumber > upload.plan.partCount)
      throw fieldError('partNumber', `this upload has ${upload.plan.partCount} part(s)`);
    const expected = partLength(upload.plan, partNumber);
    if (contentLength === undefined || !/^\d+$/.test(contentLength) || Number(contentLength) !== expected) {
      throw new AppError(ErrorCode.BadRequest, `part ${partNumber} must be sent with Content-Length: ${expected}`);
    }
    const { file, row } = upload;
    try {
      const etag = await onStorage(file.storage, this.core.logger, () =>
        file.driver.putPart(file.key, row.upload_id, partNumber, body, expected),
      );
      return { partNumber, etag };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'bad-part')
        throw new AppError(ErrorCode.BadRequest, error.message);
      throw partFailure(error);
    }
  }

  async complete(caller: FsCaller, input: FsMultipartCompleteRequest): Promise<FsEntry> {
    const { row, file } = await this.#owned(caller, input.uploadId);
    try {
      await onStorage(file.storage, this.core.logger, () =>
        file.driver.completeMultipart(file.key, row.upload_id, input.parts),
      );
    } catch (error) {
      throw partFailure(error);
    }
    const head = await fileAt(file, file.key, this.core.logger);
    if (head === null)
      throw new AppError(ErrorCode.BadGateway, `storage "${file.storage.name}" does not show the completed object`);
    return this.core.finish(row, file, head);
  }

  async abort(caller: FsCaller, uploadId: string): Promise<{ uploadId: string; status: 'aborted' }> {
    const { row, file } = await this.#owned(caller, uploadId);
    await onStorage(file.storage, this.core.logger, () => file.driver.abortMultipart(file.key, row.upload_id));
    await this.core.release(row);
    return { uploadId, status: 'aborted' };
  }

  async #owned(caller: FsCaller, uploadId: string): Promise<Multipart> {
    const { row, file } = await this.core.owned(caller, uploadId);
    const { upload_id } = row;
    if (upload_id === null || row.part_size === null)
      throw new AppError(ErrorCode.NotFound, 'multipart upload not found');
    return { row: { ...row, upload_id }, file, plan: planUpload(row.size, row.part_size ?? undefined) };
  }

  #presign({ row, file, plan }: Multipart, numbers: readonly number[], origin: string): Promise<PresignedPart[]> {
    return Promise.all(
      numbers.map(async (partNumber) => {
        const options = { expiresIn: UPLOAD_LINK_TTL_SECONDS, contentLength: partLength(plan, partNumber) };
        const url = await onStorage(file.storage, this.core.logger, () =>
          file.driver.presignPart(file.key, row.upload_id, partNumber, options),
        );
        return { partNumber, url: new URL(url, origin).toString() };
      }),
    );
  }
}

function partFailure(error: unknown): unknown {
  if (error instanceof StorageError && error.kind === 'bad-part') return fieldError('parts', error.message);
  if (error instanceof StorageError && error.kind === 'not-found')
    return new AppError(ErrorCode.NotFound, 'multipart upload not found');
  return error;
}
