// POST /upload: a multipart form streamed straight into storage, its fields parsed with the shared
// form schemas. Fields may come in any order: a file sent before every field waits in a temporary
// file until the form ends; a file after some fields streams to storage at once, and a field that
// would have placed it differently, sent after it, is refused (400 saying so), never dropped. The quota is
// reserved in steps as the bytes arrive, so parallel form uploads can't share the same space.
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  uploadFormFieldsSchema,
  uploadFormPlacementSchema,
  uploadFormShareSchema,
  type CommitResponse,
} from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { capped } from '@server/lib/byte-stream';
import {
  boundaryOf,
  FormError,
  readForm,
  spool,
  type FormPart,
  type SpooledFile,
} from '@server/storage/form-stream.parser';
import type { Pending, Uploader, UploadService } from './upload.service';

const reserveStepBytes = 4 * 1024 * 1024;
/** The form's own fields: anything else is refused before it is kept. */
const knownFields = new Set(Object.keys(uploadFormFieldsSchema.shape));
/** The fields that decide where and how the file is stored. */
const placementFields = new Set(Object.keys(uploadFormPlacementSchema.shape));

export class FormUploadService {
  constructor(private readonly uploads: UploadService) {}

  async upload(
    caller: Uploader,
    contentType: string | undefined,
    source: AsyncIterable<Buffer>,
  ): Promise<CommitResponse> {
    const boundary = boundaryOf(contentType);
    if (boundary === undefined) throw new AppError(ErrorCode.BadRequest, 'send the upload as multipart/form-data');
    const fields: Record<string, string> = {};
    let stored: { pending: Pending; size: number; etag: string } | undefined;
    let spooled: { part: FormPart; file: SpooledFile } | undefined;
    let finished = false;
    const store = async (part: FormPart) => {
      stored = await this.#store(
        caller,
        part,
        uploadFormPlacementSchema.parse(fields),
        (pending) => (stored = { pending, size: 0, etag: '' }),
      );
    };
    try {
      await readForm(source, boundary, async (part) => {
        if (part.name !== 'file') {
          if (!knownFields.has(part.name))
            throw new FormError(
              `unknown form field ${JSON.stringify(part.name.slice(0, 64))}; expected file, ${[...knownFields].join(', ')}`,
            );
          if (part.name in fields) throw new FormError(`the form field ${part.name} is sent twice`);
          if (stored !== undefined && placementFields.has(part.name))
            throw new FormError(
              `the form field ${part.name} came after the file, which was already stored by the fields before it; send ${[...placementFields].join(', ')} before the file, or the file first and every field after it`,
            );
          fields[part.name] = await readField(part);
          return;
        }
        if (stored !== undefined || spooled !== undefined)
          throw new AppError(ErrorCode.BadRequest, 'send one file per upload');
        // A file before any field waits on disk for the fields that place it (curl -F file=@… -F path=…).
        if (Object.keys(fields).length === 0) {
          const file = await spool(part.body, await this.uploads.limits.beforePlacement());
          // The form may have failed meanwhile (the client went away): nobody else will remove it.
          if (finished) await file.discard();
          else spooled = { part, file };
        } else await store(part);
      });
      if (spooled !== undefined) await store({ ...spooled.part, body: spooled.file.body() });
    } catch (error) {
      if (stored !== undefined) await this.uploads.discard(stored.pending);
      if (error instanceof FormError) throw new AppError(ErrorCode.BadRequest, error.message);
      throw error;
    } finally {
      finished = true;
      await spooled?.file.discard();
    }
    if (stored === undefined)
      throw new AppError(ErrorCode.ValidationFailed, 'file is required', {
        issues: [{ path: 'file', message: 'file is required' }],
      });
    try {
      return await this.uploads.finish(stored.pending, stored, uploadFormShareSchema.parse(fields));
    } catch (error) {
      if (error instanceof z.core.$ZodError) await this.uploads.discard(stored.pending);
      throw error;
    }
  }

  /** Streams the file into storage, growing the pending row's reservation ahead of the bytes. */
  async #store(
    caller: Uploader,
    part: FormPart,
    placement: z.infer<typeof uploadFormPlacementSchema>,
    started: (pending: Pending) => void,
  ) {
    const filename = part.filename === undefined || part.filename === '' ? 'file' : part.filename;
    const pending = await this.uploads.startPending(caller, {
      ...placement,
      filename,
      mimetype: placement.mimetype ?? part.contentType,
      size: 0,
    });
    started(pending);
    const limit = await this.uploads.limits.forStream(pending.config);
    let reserved = 0;
    const reserve = async (total: number) => {
      if (total > reserved)
        reserved = await this.uploads.limits.grow(
          pending.config,
          pending.row.id,
          reserved,
          total,
          total + reserveStepBytes,
        );
    };
    const written = await pending.driver.putObject(
      pending.row.storage_path,
      Readable.from(capped(part.body, limit, reserve)),
      pending.row.mimetype,
    );
    return { pending: { ...pending, row: { ...pending.row, size: reserved } }, size: written.size, etag: written.etag };
  }
}

/** A field's value; the parser has already capped its size. */
async function readField(part: FormPart): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}
