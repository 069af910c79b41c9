// The server calls of the mount screen: the list and the writes that change it.
import { useCallback, useMemo } from 'react';
import type { CreateMountRequest, MountView, UpdateMountRequest } from '@shared/api/mount.schema';
import { createMount, deleteMount, listMounts, updateMount } from '@shared/api/mounts.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function useMountList(): Resource<MountView[]> {
  const api = useApiClient();
  return useResource(useCallback((signal: AbortSignal) => api.call(listMounts, { signal }), [api]));
}

export type MountWrites = {
  create: (body: CreateMountRequest) => Promise<MountView>;
  update: (id: string, body: UpdateMountRequest) => Promise<MountView>;
  remove: (id: string) => Promise<void>;
};

export function useMountWrites(): MountWrites {
  const api = useApiClient();
  return useMemo(
    () => ({
      create: (body) => api.call(createMount, { body }),
      update: (id, body) => api.call(updateMount, { params: { id }, body }),
      remove: async (id) => {
        await api.call(deleteMount, { params: { id } });
      },
    }),
    [api],
  );
}
