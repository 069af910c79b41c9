// Messages between the page and the service worker. Built with zod/mini because the worker script
// is re-downloaded on every update check, so its bundle has to stay small.
import * as z from 'zod/mini';

export const SKIP_WAITING = 'SKIP_WAITING';

/** The page hands a queued write to the worker's background sync queue (no credentials in it). */
export const QUEUE_WRITE = 'QUEUE_WRITE';
/** The page is back online and asks the worker to replay its queue now, answering on the port. */
export const REPLAY_NOW = 'REPLAY_NOW';
/** The page hands over the port a basket ZIP will be pulled from (on `ports[0]`), before opening its download URL. */
export const BASKET_STREAM = 'BASKET_STREAM';
/** Sent while a basket download runs, so the service worker is not stopped for idleness mid-download. */
export const BASKET_KEEPALIVE = 'BASKET_KEEPALIVE';
/** The synthetic URL the service worker answers with a basket ZIP: `${BASKET_DOWNLOAD_PREFIX}<id>/<file name>`. */
export const BASKET_DOWNLOAD_PREFIX = '/basket-download/';

/** The page hands over an end-to-end encrypted share's download (link, key, real name) before opening its URL. */
export const E2EE_DOWNLOAD = 'E2EE_DOWNLOAD';
/** The synthetic URL the service worker answers with an opened encrypted file: `${E2EE_DOWNLOAD_PREFIX}<id>/<name>`. */
export const E2EE_DOWNLOAD_PREFIX = '/e2ee-download/';

const e2eeDownloadSchema = z.object({
  type: z.literal(E2EE_DOWNLOAD),
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The share's own download link on this origin (with its access token). */
  source: z.string().check(z.startsWith('/api/')),
  secret: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  prefix: z.string().check(z.regex(/^[A-Za-z0-9_-]{11}$/)),
  filename: z.string().check(z.minLength(1), z.maxLength(255)),
  mimetype: z.string().check(z.minLength(1), z.maxLength(255)),
  size: z.number().check(z.int(), z.nonnegative()),
});
export type E2eeDownloadMessage = z.infer<typeof e2eeDownloadSchema>;

/** The worker tells the pages what its replay did, so they update the queue they show. */
export const REPLAYED = 'REPLAYED';

/** A queued write as the worker stores it: where it goes, what it sends, under which key. */
export const handedWriteSchema = z.object({
  id: z.string().check(z.minLength(1)),
  endpoint: z.string().check(z.startsWith('/api/')),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  data: z.nullable(z.record(z.string(), z.unknown())),
  authType: z.nullable(z.enum(['admin', 'apikey'])),
  idempotencyKey: z.string().check(z.minLength(1)),
});
export type HandedWrite = z.infer<typeof handedWriteSchema>;

export const swMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(SKIP_WAITING) }),
  z.object({ type: z.literal(QUEUE_WRITE), write: handedWriteSchema }),
  z.object({ type: z.literal(REPLAY_NOW) }),
  z.object({
    type: z.literal(BASKET_STREAM),
    id: z.string().check(z.minLength(1), z.maxLength(100)),
    filename: z.string().check(z.minLength(1), z.maxLength(255)),
  }),
  z.object({ type: z.literal(BASKET_KEEPALIVE) }),
  e2eeDownloadSchema,
]);
export type SwMessage = z.infer<typeof swMessageSchema>;

export const replayOutcomeSchema = z.object({
  id: z.string(),
  outcome: z.enum(['synced', 'failed']),
  error: z.optional(z.string()),
  /** The `data` of the server's answer to a synced write (a new paste's link, for one). */
  data: z.optional(z.unknown()),
});
export type ReplayedOutcome = z.infer<typeof replayOutcomeSchema>;

/** What one replay in the worker did: settled entries, and how many still wait (a 5xx, no answer, no sign-in). */
export const replayResultSchema = z.object({ outcomes: z.array(replayOutcomeSchema), waiting: z.number() });
export type ReplayResult = z.infer<typeof replayResultSchema>;

export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(REPLAYED), result: replayResultSchema }),
]);

/** What the worker answers on the port of a REPLAY_NOW. */
export const replayAnswerSchema = z.object({ ok: z.boolean(), result: z.optional(replayResultSchema) });
