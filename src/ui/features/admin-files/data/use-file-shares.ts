// The server calls of the file management screen: the admin reaches every share under
// /admin/files, an API key only its own under /user/files; both speak the same endpoints.
import { useCallback, useMemo } from 'react';
import { adminFileEndpoints, userFileEndpoints } from '@shared/api/file.endpoints';
import type { FileList, FileRecord, UpdateFileRequest } from '@shared/api/file-share.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export type FileScope = 'admin' | 'user';

/** File lists page by 50. */
export const FILE_PAGE_SIZE = 50;

const endpointsOf = (scope: FileScope) => (scope === 'admin' ? adminFileEndpoints : userFileEndpoints);

export function useFilePage(scope: FileScope, offset: number): Resource<FileList> {
  const api = useApiClient();
  return useResource(
    useCallback(
      (signal: AbortSignal) => api.call(endpointsOf(scope).list, { query: { limit: FILE_PAGE_SIZE, offset }, signal }),
      [api, scope, offset],
    ),
  );
}

export type FileShareWrites = {
  update: (id: string, body: UpdateFileRequest) => Promise<FileRecord>;
  /** One share by its own call, several in one batch. */
  remove: (ids: string[]) => Promise<void>;
};

export function useFileShareWrites(scope: FileScope): FileShareWrites {
  const api = useApiClient();
  return useMemo(() => {
    const endpoints = endpointsOf(scope);
    return {
      update: (id, body) => api.call(endpoints.update, { params: { id }, body }),
      remove: async (ids) => {
        const [only] = ids;
        if (ids.length === 1 && only !== undefined) await api.call(endpoints.remove, { params: { id: only } });
        else await api.call(endpoints.removeMany, { body: { ids } });
      },
    };
  }, [api, scope]);
}
