// "Share…": the admin's call under /admin/fs, a key's under /user/fs. The dialog gets this function;
// it never calls the client itself.
import { useCallback } from 'react';
import { adminFsShare, userFsShare } from '@shared/api/fs-share.endpoints';
import type { FsShareRequest, FsShareResult } from '@shared/api/fs-share.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import type { FsScope } from './fs-scope';

export type ShareFile = (request: FsShareRequest) => Promise<FsShareResult>;

export function useFsShare(scope: FsScope): ShareFile {
  const api = useApiClient();
  return useCallback(
    (request) => api.call(scope === 'admin' ? adminFsShare : userFsShare, { body: request }),
    [api, scope],
  );
}
