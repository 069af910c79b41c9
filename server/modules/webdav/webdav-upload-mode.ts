// How a WebDAV PUT reaches storage, by the upload mode setting (system settings).
import type { WebdavUploadMode } from '@shared/api/settings.schema';
import type { FsPutVia } from '@server/modules/fs/fs-put.service';

const mb = 1024 * 1024;

/**
 * `auto` writes small bodies (≤ 10 MB) in one streamed put, large ones (> 50 MB) through a
 * presigned URL, and the rest, or a body of unknown length, in parts; `proxy` always uses the
 * presigned URL (the server streams the body to it).
 */
export function viaOf(mode: WebdavUploadMode, size: number | null): FsPutVia {
  if (mode === 'direct') return 'direct';
  if (mode === 'multipart') return 'multipart';
  if (mode === 'proxy') return 'presigned';
  if (size === null) return 'multipart';
  if (size <= 10 * mb) return 'direct';
  return size > 50 * mb ? 'presigned' : 'multipart';
}
