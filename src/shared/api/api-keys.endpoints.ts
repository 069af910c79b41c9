// Admin management of API keys. The full key is in the creation reply only; lists carry a
// prefix and a mask.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { emptyDataSchema } from '@shared/envelope';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  apiKeyListSchema,
  apiKeyViewSchema,
  batchDeleteApiKeysRequestSchema,
  batchDeleteResultSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  updateApiKeyRequestSchema,
} from './api-key.schema';

const tag = 'api-keys';
const idParams = z.object({ id: z.string().check(z.minLength(1)) });
const { ValidationFailed, BadRequest, NotFound, Conflict } = ErrorCode;

export const listApiKeys = defineEndpoint({
  id: 'apiKeys.list',
  method: 'GET',
  path: '/admin/api-keys',
  summary: 'Every API key, masked',
  tag,
  access: 'admin',
  reply: apiKeyListSchema,
  errors: [],
});

export const createApiKey = defineEndpoint({
  id: 'apiKeys.create',
  method: 'POST',
  path: '/admin/api-keys',
  summary: 'Create a key (generated, or the custom key sent); the reply is the only time it is shown',
  tag,
  access: 'admin',
  body: createApiKeyRequestSchema,
  reply: createdApiKeySchema,
  status: 201,
  message: 'API key created; the key is shown only once',
  errors: [ValidationFailed, BadRequest, Conflict],
});

export const batchDeleteApiKeys = defineEndpoint({
  id: 'apiKeys.batchDelete',
  method: 'POST',
  path: '/admin/api-keys/batch-delete',
  summary: 'Delete several keys; ids that are missing are skipped',
  tag,
  access: 'admin',
  body: batchDeleteApiKeysRequestSchema,
  reply: batchDeleteResultSchema,
  message: 'API keys deleted',
  errors: [ValidationFailed, BadRequest],
});

export const updateApiKey = defineEndpoint({
  id: 'apiKeys.update',
  method: 'PUT',
  path: '/admin/api-keys/:id',
  summary: 'Change the fields sent (name, expiry, permissions, read-only, base path)',
  tag,
  access: 'admin',
  params: idParams,
  body: updateApiKeyRequestSchema,
  reply: apiKeyViewSchema,
  message: 'API key updated',
  errors: [ValidationFailed, BadRequest, NotFound, Conflict],
});

export const deleteApiKey = defineEndpoint({
  id: 'apiKeys.delete',
  method: 'DELETE',
  path: '/admin/api-keys/:id',
  summary: 'Delete one key; it stops working at once',
  tag,
  access: 'admin',
  params: idParams,
  reply: emptyDataSchema,
  message: 'API key deleted',
  errors: [NotFound],
});
