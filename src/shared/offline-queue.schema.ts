// One queued mutation: written by the page when a replayable
// write is made offline, replayed later through the endpoint it names. Both sides parse it here.
// No credential is stored: a replay sends the credentials current at replay time.
import * as z from 'zod/mini';
import { offlineOperationTypes } from './offline-replay';

export { offlineOperationTypes } from './offline-replay';
export const offlineQueueMethods = ['POST', 'PUT', 'DELETE'] as const;
export const offlineQueueStatuses = ['pending', 'syncing', 'failed'] as const;
/** Which session made the change; `null` for a guest paste. */
export const offlineAuthTypes = ['admin', 'apikey'] as const;

export const OFFLINE_ENDPOINT_MAX_LENGTH = 2048;
export const OFFLINE_LAST_ERROR_MAX_LENGTH = 1000;

export const offlineQueueStatusSchema = z.enum(offlineQueueStatuses);
export type OfflineQueueStatus = z.infer<typeof offlineQueueStatusSchema>;

const inputShape = z.object({
  /** The endpoint definition's id, one of the replay list. */
  type: z.enum(offlineOperationTypes),
  /** The endpoint's path parameters, e.g. `{ id }` of a paste. */
  params: z.record(z.string(), z.string()),
  /** The JSON request body; null for a bodiless request. */
  data: z.nullable(z.record(z.string(), z.json())),
  authType: z.nullable(z.enum(offlineAuthTypes)),
  /** Sent as the Idempotency-Key header, on the first attempt and every replay, so nothing lands twice. */
  idempotencyKey: z.optional(z.uuid()),
});

/** What a caller supplies; the outbox adds the path, identity, time and bookkeeping. */
export const offlineQueueInputSchema = inputShape;
export type OfflineQueueInput = z.input<typeof offlineQueueInputSchema>;

export const offlineQueueEntrySchema = z.extend(inputShape, {
  id: z.uuid(),
  /** The request path the entry replays to (`/api/admin/pastes/…`), for display and the spec's entry. */
  endpoint: z.string().check(z.startsWith('/'), z.maxLength(OFFLINE_ENDPOINT_MAX_LENGTH)),
  method: z.enum(offlineQueueMethods),
  timestamp: z.int().check(z.nonnegative()),
  status: offlineQueueStatusSchema,
  idempotencyKey: z.uuid(),
  attempts: z.int().check(z.nonnegative()),
  lastError: z.nullable(z.string().check(z.maxLength(OFFLINE_LAST_ERROR_MAX_LENGTH))),
});
export type OfflineQueueEntry = z.infer<typeof offlineQueueEntrySchema>;
