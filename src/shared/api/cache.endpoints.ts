// The in-process caches: statistics and clearing for the admin, and clearing for a key with
// mount permission, which only ever reaches the mounts its base path can see.
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { cacheStatsSchema, clearCacheRequestSchema, clearCacheResultSchema } from './cache.schema';

const tag = 'cache';
const { ValidationFailed, BadRequest, NotFound } = ErrorCode;

export const getCacheStats = defineEndpoint({
  id: 'cache.stats',
  method: 'GET',
  path: '/admin/cache/stats',
  summary: 'Counters of every cache, and the process memory',
  tag,
  access: 'admin',
  reply: cacheStatsSchema,
  errors: [],
});

export const clearCache = defineEndpoint({
  id: 'cache.admin.clear',
  method: 'POST',
  path: '/admin/cache/clear',
  summary: 'Clear the entries of one mount, of one storage config, or everything ({})',
  tag,
  access: 'admin',
  body: clearCacheRequestSchema,
  reply: clearCacheResultSchema,
  message: 'cache cleared',
  errors: [ValidationFailed, BadRequest, NotFound],
  idempotent: true,
});

export const clearVisibleCache = defineEndpoint({
  id: 'cache.user.clear',
  method: 'POST',
  path: '/user/cache/clear',
  summary: 'Clear the entries of the mounts the key can see (one mount, one storage config, or all of them)',
  tag,
  access: 'mount',
  body: clearCacheRequestSchema,
  reply: clearCacheResultSchema,
  message: 'cache cleared',
  errors: [ValidationFailed, BadRequest, NotFound],
});
