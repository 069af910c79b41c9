// The storage configs a mount may be placed on, for the mount form's choice and the table's names.
import { useCallback } from 'react';
import { listStorageConfigs } from '@shared/api/storage-config.endpoints';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function useStorageConfigOptions(): Resource<StorageConfig[]> {
  const api = useApiClient();
  return useResource(useCallback((signal: AbortSignal) => api.call(listStorageConfigs, { signal }), [api]));
}
