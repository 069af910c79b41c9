// Wire shapes of the explorer, built from mounts, storage listings and index rows.
import type { FsEntry, FsSearchHit } from '@shared/api/fs.schema';
import { mimeFromFilename } from '@server/lib/mime';
import { bareEtag, type ObjectHead } from '@server/storage/storage-driver';
import type { MountRow } from '@server/modules/mounts/mounts.types';
import type { FsEntryRow } from './fs-entry.repo';
import { wirePath, fromMount, nameOf } from '@server/lib/fs-path';

type Where = { mount_id: string | null; storage_type: string | null };

const none = { size: null, modified: null, etag: null, contentType: null } as const;

export function mountEntry(mount: MountRow): FsEntry {
  return {
    name: mount.name,
    path: wirePath(mount.mount_path, true),
    isDirectory: true,
    isMount: true,
    isVirtual: false,
    ...none,
    modified: mount.updated_at,
    mount_id: mount.id,
    storage_type: mount.storage_type,
  };
}

export function virtualFolderEntry(path: string): FsEntry {
  return {
    name: nameOf(path),
    path: wirePath(path, true),
    isDirectory: true,
    isMount: false,
    isVirtual: true,
    ...none,
    mount_id: null,
    storage_type: null,
  };
}

export function folderEntry(path: string, where: Where, modified: Date | null = null): FsEntry {
  return {
    name: nameOf(path),
    path: wirePath(path, true),
    isDirectory: true,
    isMount: false,
    isVirtual: false,
    ...none,
    modified: modified?.toISOString() ?? null,
    ...where,
  };
}

export function fileEntry(
  path: string,
  where: Where,
  object: Pick<ObjectHead, 'size' | 'lastModified'> & { etag: string | null; contentType?: string | null },
): FsEntry {
  const name = nameOf(path);
  return {
    name,
    path: wirePath(path, false),
    isDirectory: false,
    isMount: false,
    isVirtual: false,
    size: object.size,
    modified: object.lastModified?.toISOString() ?? null,
    etag: object.etag === null || object.etag === '' ? null : bareEtag(object.etag),
    contentType: object.contentType ?? mimeFromFilename(name),
    ...where,
  };
}

export function searchHit(row: FsEntryRow, mount: MountRow): FsSearchHit {
  const folder = row.is_dir === 1;
  return {
    name: row.name,
    path: wirePath(fromMount(mount.mount_path, row.path), folder),
    isDirectory: folder,
    isMount: false,
    isVirtual: false,
    size: folder ? null : Number(row.size),
    modified: row.modified,
    etag: row.etag,
    contentType: folder ? null : (row.content_type ?? mimeFromFilename(row.name)),
    mount_id: mount.id,
    storage_type: mount.storage_type,
    mount_name: mount.name,
  };
}

export function whereOf(mount: MountRow): Where {
  return { mount_id: mount.id, storage_type: mount.storage_type };
}
