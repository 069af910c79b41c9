import { z } from 'zod';
import { healthSchema, versionSchema, type VersionInfo } from '@shared/api/system.schema';
import type { ApiClient } from '../api-client';

export type Health = z.infer<typeof healthSchema>;

export function health(api: ApiClient, signal?: AbortSignal): Promise<Health> {
  return api.request('/health', { schema: healthSchema, credentials: 'none', signal });
}

export function version(api: ApiClient, signal?: AbortSignal): Promise<VersionInfo> {
  return api.request('/version', { schema: versionSchema, credentials: 'none', signal });
}
