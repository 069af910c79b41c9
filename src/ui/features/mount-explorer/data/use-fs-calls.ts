// The explorer's server calls: the admin's under /admin/fs, a key's with
// mount permission under /user/fs. The screens get these functions; they never call the client.
import { useMemo } from 'react';
import { fsEndpointsOf } from '@shared/api/fs.endpoints';
import { thumbnailEndpointsOf, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import { type FsUnlockResult, removeWebdavLocks } from '@shared/api/fs-locks.endpoints';
import type { FsBatchCopyRequest, FsBatchCopyResult } from '@shared/api/fs-copy.schema';
import type {
  FsBatchRemoveResult,
  FsEntry,
  FsEntryDetail,
  FsFileLink,
  FsListing,
  FsRenameResult,
  FsSearchResult,
  FsUpdateResult,
} from '@shared/api/fs.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import type { FsScope } from './fs-scope';

export type SearchScope = 'global' | 'mount' | 'directory';
export type SearchRequest = {
  q: string;
  scope: SearchScope;
  mountId?: string | undefined;
  path?: string | undefined;
  offset?: number;
};

export type FsCalls = {
  list: (path: string, cursor: string | null, signal: AbortSignal) => Promise<FsListing>;
  get: (path: string, signal?: AbortSignal) => Promise<FsEntryDetail>;
  fileLink: (path: string, forceDownload: boolean) => Promise<FsFileLink>;
  search: (request: SearchRequest, signal: AbortSignal) => Promise<FsSearchResult>;
  mkdir: (path: string) => Promise<FsEntry>;
  rename: (oldPath: string, newPath: string) => Promise<FsRenameResult>;
  remove: (path: string) => Promise<void>;
  batchRemove: (paths: string[]) => Promise<FsBatchRemoveResult>;
  batchCopy: (request: FsBatchCopyRequest) => Promise<FsBatchCopyResult>;
  update: (path: string, content: string) => Promise<FsUpdateResult>;
  /** The admin's removal of a WebDAV lock a client left behind; keys have none. */
  unlock: ((path: string) => Promise<FsUnlockResult>) | undefined;
  /** An image's thumbnail: its bytes, `pending` while the server makes it (ask again), null when none will come. */
  thumbnail: (
    path: string,
    size: ThumbnailSize,
    signal: AbortSignal,
    /** The ETag the listing gave: the server then skips asking storage for the current one. */
    etag?: string | null,
  ) => Promise<Blob | 'pending' | null>;
};

/** Entries per listing page: large enough that a screen fills from one request. */
export const LIST_PAGE_SIZE = 500;

export function useFsCalls(scope: FsScope): FsCalls {
  const api = useApiClient();
  return useMemo(() => {
    const fs = fsEndpointsOf(scope);
    return {
      list: (path, cursor, signal) =>
        api.call(fs.list, { query: { path, limit: LIST_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) }, signal }),
      get: (path, signal) => api.call(fs.get, { query: { path }, ...(signal ? { signal } : {}) }),
      fileLink: (path, forceDownload) => api.call(fs.fileLink, { query: { path, force_download: forceDownload } }),
      search: ({ q, scope: where, mountId, path, offset = 0 }, signal) =>
        api.call(fs.search, {
          query: {
            q,
            scope: where,
            offset,
            ...(where === 'mount' && mountId ? { mount_id: mountId } : {}),
            ...(where === 'directory' && path ? { path } : {}),
          },
          signal,
        }),
      mkdir: (path) => api.call(fs.mkdir, { body: { path } }),
      rename: (oldPath, newPath) => api.call(fs.rename, { body: { oldPath, newPath } }),
      remove: async (path) => {
        await api.call(fs.remove, { query: { path } });
      },
      batchRemove: (paths) => api.call(fs.batchRemove, { body: { paths } }),
      batchCopy: (request) => api.call(fs.batchCopy, { body: request }),
      update: (path, content) => api.call(fs.update, { body: { path, content } }),
      unlock: scope === 'admin' ? (path) => api.call(removeWebdavLocks, { body: { path } }) : undefined,
      thumbnail: async (path, size, signal, etag) => {
        const version = etag ? { etag } : {};
        const get = (via?: 'server') =>
          api
            .raw(thumbnailEndpointsOf(scope).get, {
              query: { path, size, ...version, ...(via ? { via } : {}) },
              signal,
            })
            .catch(() => null);
        // On S3 the answer is a redirect to storage; a bucket that refuses this origin (no CORS
        // rule) fails the fetch, and the bytes come through the server instead.
        const response = (await get()) ?? (signal.aborted ? null : await get('server'));
        if (response === null) return null;
        if (response.status === 202) return 'pending';
        const type = response.headers.get('content-type');
        return type === 'image/webp' || type === 'image/avif' ? response.blob() : null;
      },
    } satisfies FsCalls;
  }, [api, scope]);
}
