// What crosses the worker boundary for a basket download: the basket's entries and where the
// ZIP goes in; per-entry statuses, per-file outcomes and byte progress out; a tagged result.
// Failures, the whole download's and each file's, come in the worker's one failure shape.
import * as z from 'zod/mini';
import { transferFailureSchema } from './protocol';

export const basketEntrySchema = z.object({
  /** The basket entry this stands for; status events name it. */
  id: z.string().check(z.minLength(1)),
  source: z.enum(['fs', 'share']),
  scope: z.enum(['admin', 'user', 'public']),
  /** A mount path (a folder ends with `/`), or a share's slug. */
  path: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  isDirectory: z.boolean(),
  size: z.nullable(z.number().check(z.int(), z.nonnegative())),
  /** The file's path inside the ZIP when not its name (a retry of a file found in a folder). */
  zipPath: z.optional(z.string().check(z.minLength(1))),
});
export type BasketEntry = z.infer<typeof basketEntrySchema>;

/**
 * Where the ZIP is written: a file the user chose (File System Access API), or a MessagePort the
 * service worker pulls from while it answers the download's synthetic URL.
 */
export const zipSinkSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    handle: z.custom<FileSystemFileHandle>(
      (value) => typeof value === 'object' && value !== null && 'createWritable' in value,
      'a file handle',
    ),
  }),
  z.object({
    kind: z.literal('port'),
    port: z.custom<MessagePort>(
      (value) => typeof value === 'object' && value !== null && 'postMessage' in value,
      'a MessagePort',
    ),
  }),
]);
export type ZipSink = z.infer<typeof zipSinkSchema>;

export const basketZipJobSchema = z.object({
  /** Chosen by the caller; `cancel(id)` refers to it. */
  id: z.string().check(z.minLength(1)),
  entries: z.array(basketEntrySchema).check(z.minLength(1)),
  /** The name of the text file inside the ZIP that lists what could not be downloaded. */
  reportName: z.string().check(z.minLength(1)),
  sink: zipSinkSchema,
});
export type BasketZipJob = z.infer<typeof basketZipJobSchema>;

export const basketEntryStatusSchema = z.enum(['pending', 'preparing', 'downloading', 'completed', 'failed']);

export const basketZipEventSchema = z.discriminatedUnion('type', [
  /** A basket entry changed status; `error` says why it failed (English). */
  z.object({
    type: z.literal('entry'),
    id: z.string(),
    status: basketEntryStatusSchema,
    error: z.nullable(z.string()),
  }),
  /** One file is in the ZIP, or could not be (`failure`; then it is in the report). */
  z.object({
    type: z.literal('file'),
    entry: basketEntrySchema,
    failure: z.optional(transferFailureSchema),
  }),
  /** Bytes read so far, the bytes of every file found so far, and how many files that is. */
  z.object({
    type: z.literal('progress'),
    loaded: z.number().check(z.nonnegative()),
    total: z.number().check(z.nonnegative()),
    files: z.number().check(z.int(), z.nonnegative()),
  }),
]);
export type BasketZipEvent = z.infer<typeof basketZipEventSchema>;
export type BasketZipEventCallback = (event: BasketZipEvent) => void;

export const basketZipResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    files: z.number().check(z.int()),
    failed: z.number().check(z.int()),
    bytes: z.number(),
  }),
  /** `cancelled`, `invalid-job`, `write-failed` (the sink refused the bytes) or `internal`. */
  transferFailureSchema,
]);
export type BasketZipResult = z.infer<typeof basketZipResultSchema>;

/**
 * Between the worker and the service worker, over the sink's port: the SW pulls, the worker answers
 * with a batch (the first `length` bytes of `chunk`). A pull may hand back the buffer of a batch the
 * download has long since consumed, for the worker to fill again.
 */
export type ZipPortRequest = { type: 'pull'; recycle?: ArrayBuffer } | { type: 'cancel' };
export type ZipPortReply =
  | { type: 'chunk'; chunk: ArrayBuffer; length: number }
  | { type: 'done' }
  | { type: 'error'; message: string };

export type BasketWorkerApi = {
  downloadBasket(job: BasketZipJob, onEvent?: BasketZipEventCallback): Promise<BasketZipResult>;
};
