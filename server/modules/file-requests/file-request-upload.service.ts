// Uploads through a request, on the explorer's own upload services (reservation against the max
// upload size and quota, presigned links signed for exact lengths, the index). The server picks
// where each file lands: the uploader's own folder (time, name, token id) under the request's,
// with a numbered name on a clash; every limit is checked at the start and again at the commit,
// where a refused object is deleted, so a client that lies gains nothing.
import { randomUUID } from 'node:crypto';
import type { RequestCommitResult, RequestMultipartInit, RequestPresign } from '@shared/api/file-request.schema';
import { fsNameSchema } from '@shared/api/fs.schema';
import type { CompletedPart, PresignedPart, StoredPart } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { isUniqueViolation } from '@server/db/unique-violation';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import { resolveMimeType } from '@server/lib/mime';
import type { MountTarget } from '@server/modules/fs/fs-access.service';
import { joinPath } from '@server/lib/fs-path';
import { fileAt, folderAt } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadRow } from '@server/modules/fs/fs.types';
import type { FsRequestUploads } from '@server/modules/fs/fs.module';
import { StorageError, bareEtag } from '@server/storage/storage-driver';
import { contentAllowed, nameAllowed, parseAllowedTypes, SNIFF_BYTES } from './file-request-types';
import type { FileRequestPublicService, OpenRequest } from './file-request-public.service';
import type { FileRequestRow, FileRequestUploadRow } from './file-request.repo';
import type { FileRequestWebhook } from './file-request-webhook';

const maxNameTries = 100;

type Started = { open: OpenRequest; upload: FileRequestUploadRow; file: MountTarget; contentType: string };
type Owned = { open: OpenRequest; upload: FileRequestUploadRow; fsRow: FsUploadRow; file: MountTarget };

export class FileRequestUploadService {
  constructor(
    private readonly repos: Pick<Repositories, 'fileRequests' | 'transaction'>,
    private readonly requests: FileRequestPublicService,
    private readonly fs: FsRequestUploads,
    private readonly clock: Clock,
    private readonly webhook: Pick<FileRequestWebhook, 'deliveryOf' | 'queued'>,
  ) {}

  /** The uploader's batch is over: its committed files not yet reported go to the webhook, once. */
  async finish(slug: string, token: string): Promise<{ reported: number; webhook: boolean }> {
    const { row, batch } = await this.requests.open(slug, token, true);
    const now = isoAt(this.clock);
    // The files are marked reported in the transaction that queues their delivery: both or neither.
    const { reported, queued } = await this.repos.transaction(async (trx) => {
      await trx.fileRequests.lockById(row.id);
      const files = await trx.fileRequests.takeUnreported(row.id, batch.id, now);
      const delivery = this.webhook.deliveryOf(row, files, now);
      if (delivery !== null) await trx.fileRequests.deliveries.insert(delivery);
      return { reported: files.length, queued: delivery !== null };
    });
    if (queued) this.webhook.queued();
    return { reported, webhook: row.webhook_url !== null };
  }

  async presign(slug: string, input: RequestPresign, origin: string) {
    const started = await this.#start(slug, input);
    const result = await this.#begun(started, () =>
      this.fs.uploads.presignAt(started.file, started.contentType, input.size, origin),
    );
    return {
      upload_url: result.uploadUrl,
      file_id: started.upload.id,
      storage_path: relative(started.open.row, started.file.path),
      contentType: result.contentType,
      expires_in: result.expiresIn,
    };
  }

  async multipartInit(slug: string, input: RequestMultipartInit, origin: string) {
    const started = await this.#start(slug, input);
    const result = await this.#begun(started, () =>
      this.fs.multipart.initAt(started.file, started.contentType, input.size, input.part_size, origin),
    );
    return {
      file_id: started.upload.id,
      upload_id: started.upload.id,
      storage_path: relative(started.open.row, started.file.path),
      part_size: result.partSize,
      part_count: result.partCount,
      presigned_urls: result.presignedUrls,
    };
  }

  async multipartUrls(
    slug: string,
    input: { token: string; file_id: string; part_numbers: number[] },
    origin: string,
  ): Promise<{ presigned_urls: PresignedPart[] }> {
    const { open, fsRow } = await this.#owned(slug, input.token, input.file_id);
    const { presignedUrls } = await this.fs.multipart.urls(
      open.owner,
      { uploadId: fsRow.id, partNumbers: input.part_numbers },
      origin,
    );
    return { presigned_urls: presignedUrls };
  }

  async multipartParts(slug: string, input: { token: string; file_id: string }) {
    const { fsRow, file, upload } = await this.#owned(slug, input.token, input.file_id);
    const storageId = multipartOf(fsRow);
    const parts: StoredPart[] = await onStorage(file.storage, this.fs.core.logger, () =>
      file.driver.listParts(file.key, storageId),
    );
    const partSize = fsRow.part_size ?? 0;
    return {
      file_id: upload.id,
      upload_id: upload.id,
      part_size: partSize,
      part_count: Math.max(1, Math.ceil(fsRow.size / partSize)),
      parts,
    };
  }

  async multipartComplete(slug: string, input: { token: string; file_id: string; parts: CompletedPart[] }) {
    const { fsRow, file, upload } = await this.#owned(slug, input.token, input.file_id);
    const storageId = multipartOf(fsRow);
    try {
      const etag = await onStorage(file.storage, this.fs.core.logger, () =>
        file.driver.completeMultipart(file.key, storageId, input.parts),
      );
      return { file_id: upload.id, etag };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'bad-part') throw fieldError('parts', error.message);
      if (error instanceof StorageError && error.kind === 'not-found')
        throw new AppError(ErrorCode.NotFound, 'multipart upload not found');
      throw error;
    }
  }

  async abort(slug: string, token: string, fileId: string): Promise<{ file_id: string; status: 'aborted' }> {
    const { open, fsRow, upload } = await this.#owned(slug, token, fileId, false);
    multipartOf(fsRow);
    await this.fs.multipart.abort(open.owner, fsRow.id);
    await this.repos.fileRequests.deleteUpload(upload.id);
    return { file_id: upload.id, status: 'aborted' };
  }

  async cancel(slug: string, token: string, fileId: string): Promise<{ file_id: string; status: 'cancelled' }> {
    const owned = await this.#owned(slug, token, fileId, false);
    if (owned.fsRow.upload_id !== null)
      throw new AppError(ErrorCode.BadRequest, 'this is a multipart upload: abort it with multipart/abort');
    await this.#discard(owned);
    return { file_id: owned.upload.id, status: 'cancelled' };
  }

  /** Every check again on the stored object; a refused one is deleted. */
  async commit(
    slug: string,
    input: { token: string; file_id: string; etag?: string; size?: number },
  ): Promise<RequestCommitResult> {
    const owned = await this.#owned(slug, input.token, input.file_id);
    const { open, upload, fsRow, file } = owned;
    const head = await fileAt(file, file.key, this.fs.core.logger);
    if (head === null)
      throw new AppError(
        ErrorCode.BadRequest,
        fsRow.upload_id === null
          ? 'the file was not found in storage; PUT it to upload_url before committing'
          : 'complete the multipart upload before committing',
      );
    if (input.etag !== undefined && bareEtag(input.etag) !== bareEtag(head.etag))
      throw fieldError('etag', 'does not match the stored object');
    if (input.size !== undefined && input.size !== head.size)
      throw fieldError('size', `the stored object has ${head.size} bytes`);
    await this.#refusing(owned, async () => {
      if (head.size !== upload.size)
        throw new AppError(
          ErrorCode.BadRequest,
          `the stored object has ${head.size} bytes, not the ${upload.size} announced`,
        );
      const allowed = parseAllowedTypes(open.row.allowed_types);
      if (
        !nameAllowed(allowed, upload.name) ||
        !contentAllowed(allowed, upload.name, await this.#head(file, head.size))
      )
        throw new AppError(ErrorCode.BadRequest, `${upload.name}: its content is not of a type this request takes`);
      await this.repos.transaction(async (trx) => {
        const row = await trx.fileRequests.lockById(open.row.id);
        if (row === undefined) throw new AppError(ErrorCode.Gone, 'this file request is no longer available');
        this.requests.mustAccept(row);
        mustFit(row, await trx.fileRequests.tally(row.id, false), head.size);
        if (!(await trx.fileRequests.markDone(upload.id, head.size, isoAt(this.clock))))
          throw new AppError(ErrorCode.NotFound, 'upload not found: it was already committed or abandoned');
      });
    });
    try {
      await this.fs.core.finish(fsRow, file, head);
    } catch (error) {
      await this.repos.fileRequests.deleteUpload(upload.id);
      throw error;
    }
    return {
      file_id: upload.id,
      filename: upload.name,
      storage_path: relative(open.row, file.path),
      size: head.size,
      mimetype: upload.content_type,
      committed_at: isoAt(this.clock),
    };
  }

  async #start(slug: string, input: RequestPresign): Promise<Started> {
    const open = await this.requests.open(slug, input.token);
    const { row } = open;
    const name = fsNameSchema.safeParse(input.filename);
    if (!name.success || name.data.includes('/'))
      throw fieldError(
        'filename',
        name.success ? 'may not contain /' : (name.error.issues[0]?.message ?? 'is invalid'),
      );
    const uploader = input.uploader_name?.trim() ?? '';
    if (row.require_name === 1 && uploader === '') throw fieldError('uploader_name', 'this request asks for your name');
    if (!nameAllowed(parseAllowedTypes(row.allowed_types), name.data))
      throw fieldError('filename', `this request takes only ${parseAllowedTypes(row.allowed_types)?.join(', ')}`);
    mustFit(row, { files: 0, bytes: 0 }, input.size);
    const folder = await this.#batchFolder(open, uploader);
    const contentType = resolveMimeType(name.data, undefined);
    for (let n = 1; n <= maxNameTries; n += 1) {
      const file = await this.fs.core.newFile(open.owner, folder, numbered(name.data, n));
      if ((await fileAt(file, file.key, this.fs.core.logger)) !== null) continue;
      const upload: FileRequestUploadRow = {
        id: randomUUID(),
        request_id: row.id,
        path: file.path,
        name: numbered(name.data, n),
        uploader_name: uploader === '' ? null : uploader,
        size: input.size,
        content_type: contentType,
        fs_upload_id: null,
        storage_config_id: file.config.id,
        storage_key: file.key,
        status: 'pending',
        batch_id: open.batch.id,
        created_at: isoAt(this.clock),
        committed_at: null,
        notified_at: null,
      };
      try {
        await this.repos.transaction(async (trx) => {
          const locked = await trx.fileRequests.lockById(row.id);
          if (locked === undefined) throw new AppError(ErrorCode.Gone, 'this file request is no longer available');
          this.requests.mustAccept(locked);
          mustFit(locked, await trx.fileRequests.tally(row.id, true), input.size);
          await trx.fileRequests.insertUpload(upload);
        });
      } catch (error) {
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      return { open, upload, file, contentType };
    }
    throw new AppError(ErrorCode.Conflict, 'too many files of this name: rename the file');
  }

  /** Runs the fs start; records its upload id, or forgets the upload when it fails. */
  async #begun<T extends { uploadId: string }>(started: Started, run: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      await this.repos.fileRequests.deleteUpload(started.upload.id);
      throw error;
    }
    await this.repos.fileRequests.setFsUpload(started.upload.id, result.uploadId);
    return result;
  }

  /** The uploader's folder for this token: `<date> <time> <name> <token id>`, made once. */
  async #batchFolder({ row, owner, batch }: OpenRequest, uploader: string): Promise<string> {
    const stamp = batch.startedAt.toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '');
    const who =
      uploader
        .replace(/[^\p{L}\p{N} ._-]/gu, '_')
        .trim()
        .slice(0, 40) || 'upload';
    const path = joinPath(row.path, `${stamp}_${who}_${batch.id.slice(0, 8)}`.replaceAll('%', '%25'));
    const target = await this.fs.core.access.writable(owner, path);
    if ((await folderAt(target, target.key, this.fs.core.logger)) !== null) return target.path;
    try {
      await this.fs.writes.mkdir(owner, path);
    } catch (error) {
      // Another upload of the same uploader made it meanwhile.
      if (!(error instanceof AppError && error.code === ErrorCode.Conflict)) throw error;
      if ((await folderAt(target, target.key, this.fs.core.logger)) === null) throw error;
    }
    return target.path;
  }

  async #owned(slug: string, token: string, fileId: string, mustBeOpen = true): Promise<Owned> {
    const open = await this.requests.open(slug, token, !mustBeOpen);
    const upload = await this.repos.fileRequests.findUpload(open.row.id, fileId);
    if (upload === undefined || upload.status !== 'pending' || upload.fs_upload_id === null)
      throw new AppError(ErrorCode.NotFound, 'upload not found');
    const { row: fsRow, file } = await this.fs.core.owned(open.owner, upload.fs_upload_id);
    return { open, upload, fsRow, file };
  }

  async #refusing(owned: Owned, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) throw error;
      await this.#discard(owned);
      throw error;
    }
  }

  async #discard({ upload, fsRow, file }: Owned): Promise<void> {
    await this.fs.core.discardObject(file);
    await this.fs.core.release(fsRow);
    await this.repos.fileRequests.deleteUpload(upload.id);
  }

  async #head(file: MountTarget, size: number): Promise<Buffer> {
    if (size === 0) return Buffer.alloc(0);
    const object = await onStorage(file.storage, this.fs.core.logger, () =>
      file.driver.getObject(file.key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
  }
}

/** Refuses `size` more bytes as one more file when a limit of the request would break. */
function mustFit(row: FileRequestRow, used: { files: number; bytes: number }, size: number): void {
  if (row.max_file_bytes !== null && size > row.max_file_bytes)
    throw new AppError(ErrorCode.PayloadTooLarge, `this request takes files of at most ${row.max_file_bytes} bytes`);
  if (row.max_files !== null && used.files + 1 > row.max_files)
    throw new AppError(ErrorCode.Conflict, `this request takes at most ${row.max_files} file(s)`);
  if (row.max_total_bytes !== null && used.bytes + size > row.max_total_bytes)
    throw new AppError(
      ErrorCode.QuotaExceeded,
      `this request takes at most ${row.max_total_bytes} bytes in all; ${Math.max(0, row.max_total_bytes - used.bytes)} are left`,
    );
}

function multipartOf(row: FsUploadRow): string {
  if (row.upload_id === null)
    throw new AppError(ErrorCode.BadRequest, 'this is a single-PUT upload: commit or cancel it');
  return row.upload_id;
}

/** `name`, or `name (n).ext` for the n-th try. */
function numbered(name: string, n: number): string {
  if (n === 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Where a file is inside the request's folder, which uploaders are never told. */
function relative(row: FileRequestRow, path: string): string {
  return path.startsWith(`${row.path}/`) ? path.slice(row.path.length + 1) : path.slice(path.lastIndexOf('/') + 1);
}
