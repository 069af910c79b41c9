// Pure mapping for file shares: owner tags, storage keys (always derived by the server), and
// the wire shapes built from a files row.
import type { CommitResponse } from '@shared/api/upload.schema';
import type { FileRecord } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import type { FileRow } from './files.types';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { AppError } from '@server/lib/app-error';
import { randomAlphanumeric } from '@server/lib/crypto-random';
import { ownerTag, type AdminAuth, type ApiKeyAuth } from '@server/modules/auth/auth.types';

const maxNameLength = 80;

/** Admins reach every share; a key only the ones it created. */
export function owns(caller: AdminAuth | ApiKeyAuth, row: FileRow): boolean {
  return caller.kind === 'admin' || row.created_by === ownerTag(caller) || row.created_by === caller.keyId;
}

/** Replaces path separators, reserved and control characters; keeps the extension when cutting. */
export function sanitiseFilename(name: string): string {
  const clean = name.replace(/[<>:"|?*\\/\u0000-\u001f\u007f]/g, '_').trim() || 'file';
  if (clean.length <= maxNameLength) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, maxNameLength - ext.length) + ext;
}

/** `path` from the client, as safe key segments; `..`, `.` and empty segments are refused. */
export function cleanPath(path: string | undefined): string {
  if (path === undefined) return '';
  const segments = path.split(/[\\/]+/).filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('\0'))) {
    throw new AppError(ErrorCode.ValidationFailed, 'path: may not contain "." or ".." segments', {
      issues: [{ path: 'path', message: 'may not contain "." or ".." segments' }],
    });
  }
  return segments.map((segment) => sanitiseFilename(segment)).join('/');
}

/** Where shares go in a storage config without a default folder, apart from what else is in the storage. */
export const shareFolder = 'shares';

/**
 * `[key prefix/]<default_folder or shares>/[path/]<6-char id>-<sanitised name>`; the prefix keeps a
 * key's uploads under its basic_path. Keys are decided at upload: existing shares keep theirs.
 */
export function storageKey(
  config: StorageConfigRow,
  path: string | undefined,
  filename: string,
  keyPrefix = '',
): string {
  const folder = config.default_folder.replace(/^\/+|\/+$/g, '');
  const parts = [
    keyPrefix,
    folder === '' ? shareFolder : folder,
    cleanPath(path),
    `${randomAlphanumeric(6)}-${sanitiseFilename(filename)}`,
  ];
  return parts.filter((part) => part !== '').join('/');
}

/** An object key as it appears in a URL: each segment encoded. */
export function encodedKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** Where the object lives, for display: the custom host or the endpoint URL; empty for local. */
export function objectUrl(config: StorageConfigRow, key: string): string {
  const encoded = encodedKey(key);
  if (config.custom_host !== null) return `${config.custom_host.replace(/\/+$/, '')}/${encoded}`;
  if (config.driver === 's3' && config.endpoint_url !== null)
    return `${config.endpoint_url.replace(/\/+$/, '')}/${config.bucket_name ?? ''}/${encoded}`;
  return '';
}

export function toFileRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    storage_path: row.storage_path,
    storage_config_id: row.storage_config_id,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    use_proxy: row.use_proxy === 1,
    etag: row.etag,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    source_path: row.source_path,
    ...(row.e2ee === null ? {} : { e2ee: true as const }),
  };
}

export function toCommitResponse(row: FileRow): CommitResponse {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    storage_path: row.storage_path,
    s3_url: row.s3_url ?? '',
    mimetype: row.mimetype,
    size: row.size,
    remark: row.remark,
    created_at: row.created_at,
    updated_at: row.updated_at,
    hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at,
    maxViews: row.max_views,
    url: `/file/${row.slug}`,
  };
}
