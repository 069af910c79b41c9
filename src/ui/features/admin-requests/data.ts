// The owner's calls of the file-request module, with the signed-in credentials.
import { useCallback, useMemo } from 'react';
import { markFileRequestUploadsSeen } from '@shared/api/file-request-arrivals.endpoints';
import * as endpoints from '@shared/api/file-request.endpoints';
import type {
  CreateFileRequest,
  FileRequestUpload,
  FileRequestView,
  UpdateFileRequest,
} from '@shared/api/file-request.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function useFileRequests(): Resource<FileRequestView[]> {
  const api = useApiClient();
  return useResource(
    useCallback(async (signal: AbortSignal) => (await api.call(endpoints.listFileRequests, { signal })).items, [api]),
  );
}

export function useRequestUploadsList(id: string): Resource<FileRequestUpload[]> {
  const api = useApiClient();
  return useResource(
    useCallback(
      async (signal: AbortSignal) =>
        (await api.call(endpoints.listFileRequestUploads, { params: { id }, signal })).items,
      [api, id],
    ),
  );
}

export function useFileRequestWrites() {
  const api = useApiClient();
  return useMemo(
    () => ({
      create: (body: CreateFileRequest) => api.call(endpoints.createFileRequest, { body }),
      update: (id: string, body: UpdateFileRequest) => api.call(endpoints.updateFileRequest, { params: { id }, body }),
      remove: (id: string) => api.call(endpoints.deleteFileRequest, { params: { id } }),
      /** The owner was shown the uploads committed up to `upTo`: they are no longer new. */
      markSeen: (id: string, upTo: string | undefined) =>
        api.call(markFileRequestUploadsSeen, { params: { id }, body: upTo === undefined ? {} : { up_to: upTo } }),
    }),
    [api],
  );
}
