import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeyViewSchema,
  batchDeleteResultSchema,
  createdApiKeySchema,
  type ApiKeyView,
  type BatchDeleteResult,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type UpdateApiKeyRequest,
} from '@shared/api/api-key.schema';
import type { ApiClient } from '../api-client';

const noData = z.unknown();

export function listApiKeys(api: ApiClient, signal?: AbortSignal): Promise<ApiKeyView[]> {
  return api.request('/admin/api-keys', { schema: apiKeyListSchema, signal });
}

export function createApiKey(api: ApiClient, body: CreateApiKeyRequest, signal?: AbortSignal): Promise<CreatedApiKey> {
  return api.request('/admin/api-keys', { method: 'POST', body, schema: createdApiKeySchema, signal });
}

export function updateApiKey(api: ApiClient, id: string, body: UpdateApiKeyRequest, signal?: AbortSignal): Promise<ApiKeyView> {
  return api.request(`/admin/api-keys/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: apiKeyViewSchema, signal });
}

export async function deleteApiKey(api: ApiClient, id: string, signal?: AbortSignal): Promise<void> {
  await api.request(`/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noData, signal });
}

export function batchDeleteApiKeys(api: ApiClient, ids: string[], signal?: AbortSignal): Promise<BatchDeleteResult> {
  return api.request('/admin/api-keys/batch-delete', { method: 'POST', body: { ids }, schema: batchDeleteResultSchema, signal });
}
