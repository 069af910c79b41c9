// The server calls of the API-key screen: the list, and the writes that change it. Deleting one
// key uses its own route, several the batch route.
import { useCallback, useMemo } from 'react';
import type { ApiKeyView, CreateApiKeyRequest, CreatedApiKey, UpdateApiKeyRequest } from '@shared/api/api-key.schema';
import {
  batchDeleteApiKeys,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  updateApiKey,
} from '@shared/api/api-keys.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function useApiKeyList(): Resource<ApiKeyView[]> {
  const api = useApiClient();
  return useResource(useCallback((signal: AbortSignal) => api.call(listApiKeys, { signal }), [api]));
}

export type ApiKeyWrites = {
  create: (body: CreateApiKeyRequest) => Promise<CreatedApiKey>;
  update: (id: string, body: UpdateApiKeyRequest) => Promise<ApiKeyView>;
  remove: (ids: readonly string[]) => Promise<void>;
};

export function useApiKeyWrites(): ApiKeyWrites {
  const api = useApiClient();
  return useMemo(
    () => ({
      create: (body) => api.call(createApiKey, { body }),
      update: (id, body) => api.call(updateApiKey, { params: { id }, body }),
      remove: async (ids) => {
        const [only] = ids;
        if (ids.length === 1 && only !== undefined) await api.call(deleteApiKey, { params: { id: only } });
        else await api.call(batchDeleteApiKeys, { body: { ids: [...ids] } });
      },
    }),
    [api],
  );
}
