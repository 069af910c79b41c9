import type { RxJsonSchema } from 'rxdb';
import {
  OFFLINE_ENDPOINT_MAX_LENGTH,
  OFFLINE_LAST_ERROR_MAX_LENGTH,
  offlineAuthTypes,
  offlineOperationTypes,
  offlineQueueMethods,
  offlineQueueStatuses,
} from '@shared/offline-queue.schema';
import type { OfflineQueueEntry } from '@shared/offline-queue.schema';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

const UUID_LENGTH = 36;
const TYPE_MAX_LENGTH = Math.max(...offlineOperationTypes.map((t) => t.length));

/** Storage shape of the shared offline queue entry; the outbox parses it with zod both ways. */
export const offlineQueueSchema: RxJsonSchema<OfflineQueueEntry> = {
  title: 'offline_queue',
  description: 'Mutations made offline, waiting to be replayed in timestamp order',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: UUID_LENGTH },
    endpoint: { type: 'string', minLength: 1, maxLength: OFFLINE_ENDPOINT_MAX_LENGTH },
    method: { type: 'string', enum: [...offlineQueueMethods] },
    data: { type: ['object', 'null'] },
    authToken: { type: ['string', 'null'] },
    authType: { type: ['string', 'null'], enum: [...offlineAuthTypes, null] },
    timestamp: EPOCH_MS_INDEX,
    status: { type: 'string', enum: [...offlineQueueStatuses] },
    type: { type: 'string', maxLength: TYPE_MAX_LENGTH, enum: [...offlineOperationTypes] },
    idempotencyKey: { type: 'string', maxLength: UUID_LENGTH },
    attempts: { type: 'integer', minimum: 0 },
    lastError: { type: ['string', 'null'], maxLength: OFFLINE_LAST_ERROR_MAX_LENGTH },
  },
  required: [
    'id', 'endpoint', 'method', 'data', 'authToken', 'authType', 'timestamp',
    'status', 'type', 'idempotencyKey', 'attempts', 'lastError',
  ],
  additionalProperties: false,
  indexes: ['timestamp', 'type'],
};
