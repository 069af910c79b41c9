// File pages opened online are kept in the local database so they open again offline,
// marked as offline copies, for the offline cache expiry (7 days). Protected and view-limited
// shares are never copied, like pastes. Only details are kept: the bytes need the server.
import { isLockedFile, type PublicFile, type PublicFileAnswer } from '@shared/api/file-share.schema';
import { openDatabaseWith } from '@ui/domain/database/open-database';

export type FileCopy = { file: PublicFile; savedAt: number };

export async function keepFileCopy(file: PublicFileAnswer): Promise<void> {
  const kept = !(isLockedFile(file) || file.requires_password || file.max_views !== null);
  // Nothing to forget where no local database exists yet: don't load one for that.
  if (!kept && !(await (await import('@db/database-name')).localDatabaseExists())) return;
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  if (!kept) return cache.forgetFileCopy(db, file.slug);
  await cache.keepFileCopy(db, {
    slug: file.slug,
    filename: file.filename,
    size: file.size,
    mimetype: file.mimetype,
    remark: file.remark,
    hasPassword: false,
    expiresAt: file.expires_at,
    maxViews: null,
    views: file.views,
    previewUrl: null,
    downloadUrl: null,
    createdAt: file.created_at,
  });
}

export async function findFileCopy(slug: string): Promise<FileCopy | null> {
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  const copy = await cache.fileCopy(db, slug);
  if (copy === null || (copy.expiresAt !== null && Date.parse(copy.expiresAt) <= Date.now())) return null;
  return {
    savedAt: copy.cachedAt,
    file: {
      id: copy.slug,
      slug: copy.slug,
      filename: copy.filename,
      mimetype: copy.mimetype,
      size: copy.size,
      remark: copy.remark,
      created_at: copy.createdAt,
      expires_at: copy.expiresAt,
      max_views: null,
      views: copy.views,
      requires_password: false,
      preview_url: null,
      download_url: null,
      use_proxy: false,
      access_token: null,
      token_expires_at: null,
    },
  };
}
