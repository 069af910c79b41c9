// Multipart file-share uploads: init creates the pending row and the storage multipart upload
// and presigns every part; the browser PUTs parts, completes, then commits like a single PUT.
// Part links are signed for the plan's exact part lengths; the row keeps the part size, so
// refreshed links are signed from the same plan.
import type {
  MultipartAbortResponse,
  MultipartCompleteRequest,
  MultipartCompleteResponse,
  MultipartInitRequest,
  MultipartInitResponse,
  MultipartPartsRequest,
  MultipartPartsResponse,
  MultipartUrlsRequest,
  MultipartUrlsResponse,
  PresignedPart,
} from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { fieldError } from '@server/lib/field-error';
import { StorageError } from '@server/storage/storage-driver';
import type { PartPlan } from '@shared/part-plan';
import { partLength, planUpload, UPLOAD_LINK_TTL_SECONDS } from '@server/lib/upload-plan';
import type { Pending, Uploader, UploadService } from './upload.service';

export class MultipartUploadService {
  constructor(private readonly uploads: UploadService) {}

  async init(caller: Uploader, input: MultipartInitRequest, origin: string): Promise<MultipartInitResponse> {
    const plan = planUpload(input.size, input.part_size);
    const pending = await this.uploads.startPending(caller, input, {
      partSize: plan.partSize,
      create: (key, driver) => driver.createMultipart(key, input.mimetype),
    });
    const numbers = Array.from({ length: plan.partCount }, (_, index) => index + 1);
    return {
      file_id: pending.row.id,
      upload_id: uploadIdOf(pending),
      storage_path: pending.row.storage_path,
      slug: pending.row.slug,
      part_size: plan.partSize,
      part_count: plan.partCount,
      presigned_urls: await this.#presign(pending, plan, numbers, origin),
    };
  }

  /**
   * Fresh links for some parts, signed from the part size stored at init. Uploads started before
   * the row kept one fall back to the default plan.
   */
  async urls(caller: Uploader, input: MultipartUrlsRequest, origin: string): Promise<MultipartUrlsResponse> {
    const pending = await this.#owned(caller, input.file_id, input.upload_id);
    const plan = planUpload(pending.row.size, pending.row.part_size ?? undefined);
    return { presigned_urls: await this.#presign(pending, plan, input.part_numbers, origin) };
  }

  /**
   * The parts storage holds for a pending upload of the caller's, with the plan init answered, so
   * a browser that lost its page (a reload, a closed tab) sends only the rest.
   */
  async parts(caller: Uploader, input: MultipartPartsRequest): Promise<MultipartPartsResponse> {
    const pending = await this.#owned(caller, input.file_id, input.upload_id);
    const plan = planUpload(pending.row.size, pending.row.part_size ?? undefined);
    try {
      const listed = await pending.driver.listParts(pending.row.storage_path, input.upload_id);
      // Only parts of the planned length count: anything else cannot go into this upload.
      const parts = listed
        .filter((part) => part.partNumber <= plan.partCount && part.size === partLength(plan, part.partNumber))
        .map(({ partNumber, etag, size }) => ({ partNumber, etag, size }));
      return {
        file_id: pending.row.id,
        upload_id: input.upload_id,
        part_size: plan.partSize,
        part_count: plan.partCount,
        parts,
      };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not-found')
        throw new AppError(ErrorCode.NotFound, 'multipart upload not found');
      throw error;
    }
  }

  async complete(caller: Uploader, input: MultipartCompleteRequest): Promise<MultipartCompleteResponse> {
    const pending = await this.#owned(caller, input.file_id, input.upload_id);
    try {
      const etag = await pending.driver.completeMultipart(pending.row.storage_path, input.upload_id, input.parts);
      await this.uploads.records.update(pending.row.id, { upload_id: null });
      return { file_id: pending.row.id, etag };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'bad-part') throw fieldError('parts', error.message);
      if (error instanceof StorageError && error.kind === 'not-found')
        throw new AppError(ErrorCode.NotFound, 'multipart upload not found');
      throw error;
    }
  }

  /** Aborts the storage upload and deletes the pending row. */
  async abort(caller: Uploader, fileId: string, uploadId: string): Promise<MultipartAbortResponse> {
    await this.uploads.discard(await this.#owned(caller, fileId, uploadId));
    return { file_id: fileId, status: 'aborted' };
  }

  async #owned(caller: Uploader, fileId: string, uploadId: string): Promise<Pending> {
    const pending = await this.uploads.ownedPending(caller, fileId);
    if (pending.row.upload_id !== uploadId) throw new AppError(ErrorCode.NotFound, 'multipart upload not found');
    return pending;
  }

  #presign(
    { row, driver }: Pending,
    plan: PartPlan,
    numbers: readonly number[],
    origin: string,
  ): Promise<PresignedPart[]> {
    const uploadId = row.upload_id ?? '';
    return Promise.all(
      numbers.map(async (partNumber) => {
        const options = { expiresIn: UPLOAD_LINK_TTL_SECONDS, contentLength: partLength(plan, partNumber) };
        return {
          partNumber,
          url: new URL(await driver.presignPart(row.storage_path, uploadId, partNumber, options), origin).toString(),
        };
      }),
    );
  }
}

function uploadIdOf({ row }: Pending): string {
  if (row.upload_id === null) throw new AppError(ErrorCode.Internal, 'multipart upload was not created');
  return row.upload_id;
}
