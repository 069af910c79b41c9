// One function per storage-config endpoint (spec §7 /s3-configs). Secrets are only ever sent;
// answers say `has_secret` instead.
import { z } from 'zod';
import {
  applyCorsResponseSchema,
  storageConfigListSchema,
  storageConfigSchema,
  storageTestResultSchema,
  type CreateS3ConfigRequest,
  type StorageConfig,
  type StorageTestResult,
  type UpdateStorageConfigRequest,
} from '@shared/api/storage-config.schema';
import type { ApiClient } from '../api-client';

const noData = z.unknown();
const itemPath = (id: string) => `/s3-configs/${encodeURIComponent(id)}`;

export function listStorageConfigs(api: ApiClient, signal?: AbortSignal): Promise<StorageConfig[]> {
  return api.request('/s3-configs', { schema: storageConfigListSchema, signal });
}

export function createStorageConfig(api: ApiClient, body: CreateS3ConfigRequest): Promise<StorageConfig> {
  return api.request('/s3-configs', { method: 'POST', body, schema: storageConfigSchema });
}

export function updateStorageConfig(api: ApiClient, id: string, body: UpdateStorageConfigRequest): Promise<StorageConfig> {
  return api.request(itemPath(id), { method: 'PUT', body, schema: storageConfigSchema });
}

export async function deleteStorageConfig(api: ApiClient, id: string): Promise<void> {
  await api.request(itemPath(id), { method: 'DELETE', schema: noData });
}

export async function setDefaultStorageConfig(api: ApiClient, id: string): Promise<void> {
  await api.request(`${itemPath(id)}/set-default`, { method: 'PUT', schema: noData });
}

export function testStorageConfig(api: ApiClient, id: string): Promise<StorageTestResult> {
  return api.request(`${itemPath(id)}/test`, { method: 'POST', schema: storageTestResultSchema, timeoutMs: 60_000 });
}

export function applyStorageCors(api: ApiClient, id: string, origin: string): Promise<{ origin: string; applied: boolean }> {
  return api.request(`${itemPath(id)}/apply-cors`, { method: 'POST', body: { origin }, schema: applyCorsResponseSchema });
}
