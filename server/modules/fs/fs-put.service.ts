// A file written from a request body as it arrives (WebDAV's PUT; any client that streams a body
// of known or unknown length), never held whole in memory. Three ways into storage: the driver's
// streamed put, a multipart upload of parts cut from the body (one part in memory), or a PUT to a
// presigned URL sent through the storage address guard. The bytes are reserved like every mount
// upload (max upload size, quota): up front when the length is declared, ahead of the bytes when not.
import { Readable } from 'node:stream';
import type { FsEntry } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { cutParts } from '@server/lib/byte-stream';
import { resolveMimeType } from '@server/lib/mime';
import { storagePolicy } from '@server/lib/net/address-guard';
import { guardedRequest, headerValue } from '@server/lib/net/guarded-request';
import type { UploadedPart } from '@server/storage/storage-driver';
import type { StreamLimit } from '@server/modules/uploads/upload-limits.service';
import { planUpload, UPLOAD_LINK_TTL_SECONDS } from '@server/lib/upload-plan';
import type { FsCaller, MountTarget } from './fs-access.service';
import { nameOf } from '@server/lib/fs-path';
import { fileAt } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsUploadRow } from './fs.types';

/** `direct`: the driver's streamed put; `multipart`: parts cut from the body; `presigned`: a PUT to a presigned URL. */
export type FsPutVia = 'direct' | 'multipart' | 'presigned';

export type FsPutInput = {
  /** The declared length (Content-Length), or null when the body is sent without one. */
  size: number | null;
  contentType?: string;
  via: FsPutVia;
  /** This server's own address: local presigned URLs are relative to it. */
  selfOrigin: string;
};

export type FsPutResult = { entry: FsEntry; created: boolean };

/** Parts cut from a body of unknown length; a declared length may plan larger ones (at most 10,000 parts). */
export const FS_PUT_PART_BYTES = 5 * 1024 * 1024;
const reserveStepBytes = 4 * 1024 * 1024;
const presignedIdleMs = 60_000;

type Stored = { size: number; etag: string };
type Meter = { exact: number | null; limit: StreamLimit | null; grow: (total: number) => Promise<void> };

export class FsPutService {
  constructor(private readonly core: FsUploadCore) {}

  /** Creates or replaces the file at `path` with the body; its folder must exist. */
  async put(caller: FsCaller, path: string, body: AsyncIterable<Buffer>, input: FsPutInput): Promise<FsPutResult> {
    const file = await this.core.access.writable(caller, path);
    if (file.key === '') throw new AppError(ErrorCode.Conflict, 'a mount is at this path');
    await this.core.mustFitAt(file);
    const created = (await fileAt(file, file.key, this.core.logger)) === null;
    const contentType = resolveMimeType(nameOf(file.path), input.contentType);
    // A presigned URL is signed for an exact length; an empty body needs no parts.
    const via =
      input.size === 0 ? 'direct' : input.via === 'presigned' && input.size === null ? 'multipart' : input.via;
    const limit =
      input.size === null ? await this.core.limits.forStream(file.config, await this.core.replacedBytes(file)) : null;
    const stored =
      via === 'multipart'
        ? await this.#multipart(file, body, input.size, contentType, limit)
        : await this.#single(file, body, input, via, contentType, limit);
    const entry = await this.core.finish(stored.row, file, {
      size: stored.size,
      etag: stored.etag,
      contentType,
      lastModified: this.core.now(),
    });
    return { entry, created };
  }

  async #single(
    file: MountTarget,
    body: AsyncIterable<Buffer>,
    input: FsPutInput,
    via: FsPutVia,
    contentType: string,
    limit: StreamLimit | null,
  ) {
    const row = await this.core.reserve(file, input.size ?? 0, contentType);
    const bytes = Readable.from(
      metered(body, { exact: input.size, limit, grow: (total) => this.#grow(file, row, total, limit) }),
    );
    try {
      const stored =
        via === 'presigned' && input.size !== null
          ? await this.#presigned(file, bytes, input.size, contentType, input.selfOrigin)
          : await this.#storage(file, () => file.driver.putObject(file.key, bytes, contentType));
      return { row, ...stored };
    } catch (error) {
      bytes.destroy();
      await this.core.release(row);
      throw error;
    }
  }

  /** Parts of a fixed size cut from the body, one in memory at a time; the storage upload is aborted on failure. */
  async #multipart(
    file: MountTarget,
    body: AsyncIterable<Buffer>,
    size: number | null,
    contentType: string,
    limit: StreamLimit | null,
  ) {
    const partSize = size === null ? FS_PUT_PART_BYTES : planUpload(size, FS_PUT_PART_BYTES).partSize;
    const uploadId = await this.#storage(file, () => file.driver.createMultipart(file.key, contentType));
    let row: FsUploadRow | undefined;
    try {
      const reserved = await this.core.reserve(file, size ?? 0, contentType, { multipart: { uploadId, partSize } });
      row = reserved;
      const parts: UploadedPart[] = [];
      for await (const part of cutParts(
        metered(body, { exact: size, limit, grow: (total) => this.#grow(file, reserved, total, limit) }),
        partSize,
      )) {
        const partNumber = parts.length + 1;
        const etag = await this.#storage(file, () =>
          file.driver.putPart(file.key, uploadId, partNumber, Readable.from([part]), part.length),
        );
        parts.push({ partNumber, etag });
      }
      if (parts.length === 0) {
        await this.#storage(file, () => file.driver.abortMultipart(file.key, uploadId));
        return {
          row: reserved,
          ...(await this.#storage(file, () => file.driver.putObject(file.key, Readable.from([]), contentType))),
        };
      }
      await this.#storage(file, () => file.driver.completeMultipart(file.key, uploadId, parts));
      const head = await fileAt(file, file.key, this.core.logger);
      if (head === null)
        throw new AppError(ErrorCode.BadGateway, `storage "${file.storage.name}" does not show the completed object`);
      return { row: reserved, size: head.size, etag: head.etag };
    } catch (error) {
      await file.driver.abortMultipart(file.key, uploadId).catch(() => undefined);
      if (row !== undefined) await this.core.release(row);
      throw error;
    }
  }

  /** The body streamed to a presigned PUT through the storage address guard (redirects are not followed). */
  async #presigned(
    file: MountTarget,
    bytes: Readable,
    size: number,
    contentType: string,
    selfOrigin: string,
  ): Promise<Stored> {
    const signed = await this.#storage(file, () =>
      file.driver.presignPut(file.key, { expiresIn: UPLOAD_LINK_TTL_SECONDS, contentType, contentLength: size }),
    );
    const url = new URL(signed, selfOrigin);
    const headers = { 'content-type': contentType, 'content-length': String(size) };
    const answer = await this.#storage(file, () =>
      guardedRequest(url, { method: 'PUT', headers, body: bytes, timeoutMs: presignedIdleMs }, storagePolicy),
    );
    if (answer.status < 200 || answer.status > 299) {
      throw new AppError(
        ErrorCode.BadGateway,
        `storage "${file.storage.name}" refused the upload (HTTP ${answer.status})`,
        { upstreamStatus: answer.status },
      );
    }
    const head = await fileAt(file, file.key, this.core.logger);
    if (head === null || head.size !== size)
      throw new AppError(ErrorCode.BadGateway, `storage "${file.storage.name}" does not show the uploaded object`);
    return { size, etag: headerValue(answer.headers, 'etag') ?? head.etag };
  }

  async #grow(file: MountTarget, row: FsUploadRow, total: number, limit: StreamLimit | null): Promise<void> {
    if (limit !== null && total > row.size)
      await this.core.grow(file, row, Math.min(total + reserveStepBytes, limit.bytes));
  }

  #storage<T>(file: MountTarget, call: () => Promise<T>): Promise<T> {
    return onStorage(file.storage, this.core.logger, call);
  }
}

/** Counts the bytes: a declared length must be met exactly; an undeclared one grows its reservation ahead of them. */
async function* metered(source: AsyncIterable<Buffer>, { exact, limit, grow }: Meter): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (exact !== null && total > exact)
      throw new AppError(ErrorCode.BadRequest, `the body is longer than its declared ${exact} bytes`);
    if (limit !== null && total > limit.bytes) throw limit.error;
    await grow(total);
    yield chunk;
  }
  if (exact !== null && total !== exact)
    throw new AppError(ErrorCode.BadRequest, `the body ended after ${total} of its declared ${exact} bytes`);
}
