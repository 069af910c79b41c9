// A mount entry for tests that only care about its path and size: a path ending in `/` with a
// null size is a folder; the name is the path's last segment.
import type { FsEntry } from '@shared/api/fs.schema';

export const fsEntryAt = (path: string, size: number | null): FsEntry => ({
  name: path.replace(/\/$/, '').split('/').pop() ?? path,
  path,
  isDirectory: size === null,
  isMount: false,
  isVirtual: false,
  size,
  modified: null,
  etag: null,
  contentType: null,
  mount_id: 'm1',
  storage_type: 'local',
});
