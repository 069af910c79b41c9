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

/**
 * Storage shape of the shared offline queue entry; the outbox parses it with zod both ways.
 * Version 1 names the endpoint definition (`type`) with its path parameters and keeps no token.
 */
export const offlineQueueSchema: RxJsonSchema<OfflineQueueEntry> = {
  title: 'offline_queue',
  description: 'Mutations made offline, waiting to be replayed in timestamp order',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: UUID_LENGTH },
    type: { type: 'string', maxLength: TYPE_MAX_LENGTH, enum: [...offlineOperationTypes] },
    params: { type: 'object', additionalProperties: { type: 'string' } },
    endpoint: { type: 'string', minLength: 1, maxLength: OFFLINE_ENDPOINT_MAX_LENGTH },
    method: { type: 'string', enum: [...offlineQueueMethods] },
    data: { type: ['object', 'null'] },
    authType: { type: ['string', 'null'], enum: [...offlineAuthTypes, null] },
    timestamp: EPOCH_MS_INDEX,
    status: { type: 'string', enum: [...offlineQueueStatuses] },
    idempotencyKey: { type: 'string', maxLength: UUID_LENGTH },
    attempts: { type: 'integer', minimum: 0 },
    lastError: { type: ['string', 'null'], maxLength: OFFLINE_LAST_ERROR_MAX_LENGTH },
  },
  required: [
    'id',
    'type',
    'params',
    'endpoint',
    'method',
    'data',
    'authType',
    'timestamp',
    'status',
    'idempotencyKey',
    'attempts',
    'lastError',
  ],
  additionalProperties: false,
  indexes: ['timestamp', 'type'],
};

/** Version 0 named operations loosely (`paste.update`) and copied the session token into each entry. */
const legacyTypes: Record<string, (path: string) => string | null> = {
  'paste.create': () => 'pastes.create',
  'paste.update': (path) => (path.startsWith('/api/user/') ? 'pastes.user.update' : 'pastes.admin.update'),
  'paste.delete': (path) => (path.startsWith('/api/user/') ? 'pastes.user.delete' : 'pastes.admin.delete'),
  'paste.batch-delete': (path) =>
    path.startsWith('/api/user/') ? 'pastes.user.batchDelete' : 'pastes.admin.batchDelete',
  'paste.clear-expired': () => 'pastes.admin.clearExpired',
  'settings.update': () => 'settings.update',
  'cache.clear': () => 'cache.admin.clear',
  'file.verify': () => 'files.public.verify',
};

type LegacyEntry = { type?: unknown; endpoint?: unknown; authType?: unknown; [field: string]: unknown };

/** Each step takes a document of the previous version; returning null drops it. */
export const offlineQueueMigrations = {
  1: (old: LegacyEntry): Record<string, unknown> | null => {
    const endpoint = typeof old.endpoint === 'string' ? old.endpoint : '';
    const type = typeof old.type === 'string' ? legacyTypes[old.type]?.(endpoint) : undefined;
    if (type === undefined || type === null) return null;
    const { authToken: _dropped, ...rest } = old;
    const id = /\/pastes\/([^/]+)$/.exec(endpoint)?.[1];
    const slug = /\/public\/files\/([^/]+)\/verify$/.exec(endpoint)?.[1];
    const params: Record<string, string> = {};
    if (id !== undefined && id !== 'batch-delete' && id !== 'clear-expired') params.id = decodeURIComponent(id);
    if (slug !== undefined) params.slug = decodeURIComponent(slug);
    return { ...rest, type, params, authType: old.authType === 'bearer' ? 'admin' : (old.authType ?? null) };
  },
};
