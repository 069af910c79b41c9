// The replay list: the endpoints a write may be queued
// for, by endpoint id, with the method and path of their definitions (a unit test holds each to its
// definition, which must be `idempotent`). Plain data, so the service worker can read it cheaply.
import { isRetryableStatus } from './http/retryable-status';

export const replayableEndpoints = {
  'pastes.create': { method: 'POST', path: '/paste' },
  'pastes.admin.update': { method: 'PUT', path: '/admin/pastes/:id' },
  'pastes.user.update': { method: 'PUT', path: '/user/pastes/:id' },
  'pastes.admin.delete': { method: 'DELETE', path: '/admin/pastes/:id' },
  'pastes.user.delete': { method: 'DELETE', path: '/user/pastes/:id' },
  'pastes.admin.batchDelete': { method: 'POST', path: '/admin/pastes/batch-delete' },
  'pastes.user.batchDelete': { method: 'POST', path: '/user/pastes/batch-delete' },
  'pastes.admin.clearExpired': { method: 'POST', path: '/admin/pastes/clear-expired' },
  'settings.update': { method: 'PUT', path: '/admin/system-settings' },
  'cache.admin.clear': { method: 'POST', path: '/admin/cache/clear' },
  'files.public.verify': { method: 'POST', path: '/public/files/:slug/verify' },
} as const satisfies Record<string, { method: 'POST' | 'PUT' | 'DELETE'; path: string }>;

export type OfflineOperationType = keyof typeof replayableEndpoints;
export const offlineOperationTypes = Object.keys(replayableEndpoints) as [
  OfflineOperationType,
  ...OfflineOperationType[],
];

export function isReplayable(endpointId: string): endpointId is OfflineOperationType {
  return Object.hasOwn(replayableEndpoints, endpointId);
}

/** `/api/admin/pastes/abc` for `pastes.admin.update` with `{ id: 'abc' }`. */
export function replayPath(type: OfflineOperationType, params: Record<string, string>): string {
  return `/api${replayableEndpoints[type].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/**
 * What a replay's answer means: accepted; refused for good (401, 403, 409 or another
 * 4xx: kept as failed with the server's message, never retried); or not now (no connection, a
 * time-out, 408, 429 or a 5xx: the entry waits, and the queue stops to keep its order).
 */
export type ReplayOutcome = 'done' | 'refused' | 'retry';

export function replayOutcomeOf(status: number | undefined): ReplayOutcome {
  if (status === undefined) return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (isRetryableStatus(status)) return 'retry';
  return 'refused';
}
