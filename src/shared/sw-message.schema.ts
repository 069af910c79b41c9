// Messages between the page and the service worker. Built with zod/mini because the worker script
// is re-downloaded on every update check, so its bundle has to stay small.
import * as z from 'zod/mini';

export const SKIP_WAITING = 'SKIP_WAITING';
/** The worker asks a page to replay the offline queue (its background sync fired). */
export const REPLAY_OFFLINE_QUEUE = 'REPLAY_OFFLINE_QUEUE';
/** The background sync tag the page registers when it queues a write (spec §4). */
export const OFFLINE_SYNC_TAG = 'clipdock-offline-queue';

export const swMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal(SKIP_WAITING) })]);
export type SwMessage = z.infer<typeof swMessageSchema>;

/** What a page answers on the message port of a replay request. */
export const replayAnswerSchema = z.object({ ok: z.boolean() });

export const workerMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal(REPLAY_OFFLINE_QUEUE) })]);
