// Uploads into a mount: a multipart form streamed straight into storage (its reservation grows
// ahead of the bytes), or presign → PUT → commit. The server derives the object key from the
// path and keeps it with the upload; commit takes only the upload id, never a key or config.
import { Readable } from 'node:stream';
import type { FsCommitRequest, FsEntry, FsPresignRequest, FsPresignResult } from '@shared/api/fs.schema';
import { fsNameSchema, fsPathSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { capped } from '@server/lib/byte-stream';
import { fieldError } from '@server/lib/field-error';
import { resolveMimeType } from '@server/lib/mime';
import {
  boundaryOf,
  FormError,
  readForm,
  spool,
  type FormPart,
  type SpooledFile,
} from '@server/storage/form-stream.parser';
import { bareEtag } from '@server/storage/storage-driver';
import { UPLOAD_LINK_TTL_SECONDS } from '@server/lib/upload-plan';
import type { StreamLimit } from '@server/modules/uploads/upload-limits.service';
import type { FsCaller, MountTarget } from './fs-access.service';
import { wirePath } from '@server/lib/fs-path';
import { fileAt } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsUploadRow } from './fs.types';

const maxFieldBytes = 4096;
/** The form's fields besides `file`; anything else is refused, naming it. */
const formFields = new Set(['path', 'use_multipart']);
const reserveStepBytes = 4 * 1024 * 1024;

type Streamed = { row: FsUploadRow; file: MountTarget; size: number; etag: string; contentType: string };

export class FsUploadService {
  constructor(private readonly core: FsUploadCore) {}

  /** True while a mount upload waits for a presigned single PUT to this object (the local blob endpoint asks). */
  expectsPut(storageConfigId: string, key: string): Promise<boolean> {
    return this.core.expectsPut(storageConfigId, key);
  }

  /**
   * Form fields: `path` (the folder), `file`, `use_multipart` (accepted and ignored), in any order:
   * a file sent before `path` waits in a temporary file until the form ends.
   */
  async upload(caller: FsCaller, contentType: string | undefined, source: AsyncIterable<Buffer>): Promise<FsEntry> {
    const boundary = boundaryOf(contentType);
    if (boundary === undefined) throw new AppError(ErrorCode.BadRequest, 'send the upload as multipart/form-data');
    const fields: Record<string, string> = {};
    let started: { row: FsUploadRow; file: MountTarget } | undefined;
    let stored: Streamed | undefined;
    let spooled: { part: FormPart; file: SpooledFile } | undefined;
    let finished = false;
    const store = async (part: FormPart) => {
      stored = await this.#store(caller, part, fields, (begun) => (started = begun));
    };
    try {
      await readForm(source, boundary, async (part) => {
        if (part.name !== 'file') {
          if (!formFields.has(part.name))
            throw new FormError(
              `unknown form field ${JSON.stringify(part.name.slice(0, 64))}; expected file, ${[...formFields].join(', ')}`,
            );
          if (part.name in fields) throw new FormError(`the form field ${part.name} is sent twice`);
          fields[part.name] = await readField(part);
          return;
        }
        if (stored !== undefined || started !== undefined || spooled !== undefined)
          throw new AppError(ErrorCode.BadRequest, 'send one file per upload');
        if (fields['path'] === undefined) {
          const file = await spool(part.body, await this.core.limits.beforePlacement());
          // The form may have failed meanwhile (the client went away): nobody else will remove it.
          if (finished) await file.discard();
          else spooled = { part, file };
        } else await store(part);
      });
      if (spooled !== undefined) await store({ ...spooled.part, body: spooled.file.body() });
    } catch (error) {
      if (started !== undefined) await this.core.release(started.row);
      if (error instanceof FormError) throw new AppError(ErrorCode.BadRequest, error.message);
      throw error;
    } finally {
      finished = true;
      await spooled?.file.discard();
    }
    if (stored === undefined) throw fieldError('file', 'file is required');
    const { row, file, size, etag, contentType: type } = stored;
    return this.core.finish(row, file, { size, etag, contentType: type, lastModified: this.core.now() });
  }

  async presign(caller: FsCaller, input: FsPresignRequest, origin: string): Promise<FsPresignResult> {
    const file = await this.core.newFile(caller, input.path, input.fileName);
    return this.presignAt(file, resolveMimeType(input.fileName, input.contentType), input.fileSize, origin);
  }

  /** Reserves a presigned PUT of `fileSize` bytes to `file`, a target the caller has checked; the link lives `expiresIn` seconds. */
  async presignAt(
    file: MountTarget,
    contentType: string,
    fileSize: number,
    origin: string,
    expiresIn = UPLOAD_LINK_TTL_SECONDS,
  ): Promise<FsPresignResult> {
    const row = await this.core.reserve(file, fileSize, contentType);
    try {
      const url = await onStorage(file.storage, this.core.logger, () =>
        file.driver.presignPut(file.key, { expiresIn, contentType, contentLength: fileSize }),
      );
      return {
        uploadId: row.id,
        uploadUrl: new URL(url, origin).toString(),
        path: wirePath(file.path, false),
        contentType,
        fileSize: fileSize,
        expiresIn,
        mount_id: file.mount.id,
        storage_type: file.mount.storage_type,
      };
    } catch (error) {
      await this.core.release(row);
      throw error;
    }
  }

  /** Checks the object the browser PUT (it must be there, with the reserved size) and indexes it. */
  async commit(caller: FsCaller, input: FsCommitRequest): Promise<FsEntry> {
    const { row, file } = await this.core.owned(caller, input.uploadId);
    if (row.upload_id !== null)
      throw new AppError(ErrorCode.BadRequest, 'this is a multipart upload: complete it with multipart/complete');
    const head = await fileAt(file, file.key, this.core.logger);
    if (head === null)
      throw new AppError(
        ErrorCode.BadRequest,
        'the file was not found in storage; PUT it to uploadUrl before committing',
      );
    if (head.size !== row.size)
      throw fieldError('uploadId', `the stored object has ${head.size} bytes, not the ${row.size} reserved`);
    if (input.etag !== undefined && bareEtag(input.etag) !== bareEtag(head.etag))
      throw fieldError('etag', 'does not match the stored object');
    return this.core.finish(row, file, head);
  }

  /** Frees a presigned upload's reservation; storage is left as it is. */
  async cancel(caller: FsCaller, uploadId: string): Promise<{ uploadId: string; status: 'cancelled' }> {
    const { row } = await this.core.owned(caller, uploadId);
    if (row.upload_id !== null)
      throw new AppError(ErrorCode.BadRequest, 'this is a multipart upload: abort it with multipart/abort');
    await this.core.release(row);
    return { uploadId, status: 'cancelled' };
  }

  async #store(
    caller: FsCaller,
    part: FormPart,
    fields: Record<string, string>,
    begun: (started: { row: FsUploadRow; file: MountTarget }) => void,
  ): Promise<Streamed> {
    const folder = fsPathSchema.safeParse(fields['path']);
    if (!folder.success) throw fieldError('path', 'the destination folder is required');
    const name = fsNameSchema.safeParse(part.filename);
    if (!name.success) throw fieldError('file', `the file name ${name.error.issues[0]?.message ?? 'is invalid'}`);
    const file = await this.core.newFile(caller, folder.data, name.data);
    const contentType = resolveMimeType(name.data, part.contentType);
    const limit = await this.core.limits.forStream(file.config, await this.core.replacedBytes(file));
    const row = await this.core.reserve(file, 0, contentType);
    begun({ row, file });
    const written = await onStorage(file.storage, this.core.logger, () =>
      file.driver.putObject(
        file.key,
        Readable.from(capped(part.body, limit, (total) => this.#grow(file, row, total, limit))),
        contentType,
      ),
    );
    return { row, file, size: written.size, etag: written.etag, contentType };
  }

  async #grow(file: MountTarget, row: FsUploadRow, total: number, limit: StreamLimit): Promise<void> {
    if (total > row.size) await this.core.grow(file, row, Math.min(total + reserveStepBytes, limit.bytes));
  }
}

async function readField(part: FormPart): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.body) {
    const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += data.length;
    if (size > maxFieldBytes) throw new AppError(ErrorCode.BadRequest, `form field ${part.name} is too long`);
    chunks.push(data);
  }
  return Buffer.concat(chunks).toString('utf8');
}
