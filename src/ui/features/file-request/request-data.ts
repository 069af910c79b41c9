// The server calls of a request's page. They go without the visitor's credentials: a request link
// works the same for everyone, and nothing here ever lists what the folder holds.
import { useCallback } from 'react';
import { getPublicFileRequest, verifyFileRequestPassword } from '@shared/api/file-request.endpoints';
import type { PublicFileRequest } from '@shared/api/file-request.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function usePublicRequest(slug: string): Resource<PublicFileRequest> {
  const api = useApiClient();
  return useResource(
    useCallback(
      (signal: AbortSignal) => api.call(getPublicFileRequest, { params: { slug }, credentials: 'none', signal }),
      [api, slug],
    ),
  );
}

/** The password travels only in this body; the answer carries an upload token instead. */
export function useRequestPasswordCheck(slug: string): (password: string) => Promise<PublicFileRequest> {
  const api = useApiClient();
  return useCallback(
    (password: string) =>
      api.call(verifyFileRequestPassword, { params: { slug }, body: { password }, credentials: 'none' }),
    [api, slug],
  );
}
