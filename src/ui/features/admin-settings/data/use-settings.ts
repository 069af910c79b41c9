// The server calls of the settings screen: the system settings, and the admin's own account.
import { useCallback } from 'react';
import type { ChangePasswordRequest, ChangePasswordResult } from '@shared/api/auth.schema';
import { changeAdminPassword } from '@shared/api/auth.endpoints';
import type { SystemSettings, UpdateSystemSettingsRequest } from '@shared/api/settings.schema';
import { getSystemSettings, updateSystemSettings } from '@shared/api/settings.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function useSystemSettings(): Resource<SystemSettings> {
  const api = useApiClient();
  return useResource(useCallback((signal: AbortSignal) => api.call(getSystemSettings, { signal }), [api]));
}

export function useSaveSystemSettings(): (body: UpdateSystemSettingsRequest) => Promise<SystemSettings> {
  const api = useApiClient();
  return useCallback((body: UpdateSystemSettingsRequest) => api.call(updateSystemSettings, { body }), [api]);
}

/** Success ends every session of the admin, this one included. */
export function useChangeAdminAccount(): (body: ChangePasswordRequest) => Promise<ChangePasswordResult> {
  const api = useApiClient();
  return useCallback((body: ChangePasswordRequest) => api.call(changeAdminPassword, { body }), [api]);
}
