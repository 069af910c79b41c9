// One queued mutation (spec §3 "offline queue entry"): written by the UI while offline, replayed
// later by the page or the service worker. Both sides parse it with these schemas.
import { z } from 'zod';

export const offlineQueueMethods = ['POST', 'PUT', 'DELETE'] as const;
export const offlineQueueStatuses = ['pending', 'syncing', 'failed'] as const;
export const offlineAuthTypes = ['bearer', 'apikey'] as const;

/** The mutations spec §7 allows to be replayed from the queue. */
export const offlineOperationTypes = [
  'paste.create',
  'paste.update',
  'paste.delete',
  'paste.batch-delete',
  'paste.clear-expired',
  'settings.update',
  'cache.clear',
  'file.verify',
] as const;

export const OFFLINE_ENDPOINT_MAX_LENGTH = 2048;
export const OFFLINE_LAST_ERROR_MAX_LENGTH = 1000;

export const offlineQueueStatusSchema = z.enum(offlineQueueStatuses);
export type OfflineQueueStatus = z.infer<typeof offlineQueueStatusSchema>;

const inputShape = z.object({
  endpoint: z.string().startsWith('/').max(OFFLINE_ENDPOINT_MAX_LENGTH),
  method: z.enum(offlineQueueMethods),
  /** The JSON request body; null for a bodiless request. */
  data: z.record(z.string(), z.json()).nullable(),
  authToken: z.string().min(1).nullable(),
  authType: z.enum(offlineAuthTypes).nullable(),
  type: z.enum(offlineOperationTypes),
});

const authPaired = (v: { authToken: string | null; authType: string | null }) =>
  (v.authToken === null) === (v.authType === null);
const authPairedIssue = { message: 'authToken and authType are set together', path: ['authType'] };

/** What a caller supplies; the outbox adds identity, time and bookkeeping. */
export const offlineQueueInputSchema = inputShape.refine(authPaired, authPairedIssue);
export type OfflineQueueInput = z.infer<typeof offlineQueueInputSchema>;

const entryShape = inputShape.extend({
  id: z.uuid(),
  timestamp: z.number().int().nonnegative(),
  status: offlineQueueStatusSchema,
  /** Sent as the Idempotency-Key header so a replay never creates a second item. */
  idempotencyKey: z.uuid(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().max(OFFLINE_LAST_ERROR_MAX_LENGTH).nullable(),
});

export const offlineQueueEntrySchema = entryShape.refine(authPaired, authPairedIssue);
export type OfflineQueueEntry = z.infer<typeof offlineQueueEntrySchema>;
