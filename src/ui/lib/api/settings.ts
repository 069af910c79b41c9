import {
  systemSettingsSchema,
  type SystemSettings,
  type UpdateSystemSettingsRequest,
} from '@shared/api/settings.schema';
import type { ApiClient } from '../api-client';

export function getSystemSettings(api: ApiClient, signal?: AbortSignal): Promise<SystemSettings> {
  return api.request('/admin/system-settings', { schema: systemSettingsSchema, signal });
}

export function updateSystemSettings(
  api: ApiClient,
  body: UpdateSystemSettingsRequest,
  signal?: AbortSignal,
): Promise<SystemSettings> {
  return api.request('/admin/system-settings', { method: 'PUT', body, schema: systemSettingsSchema, signal });
}
