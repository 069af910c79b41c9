// Pastes opened online are kept in the local database so they open again offline,
// marked as offline copies, for the offline cache expiry (7 days). Protected and view-limited
// pastes are never copied: their owner chose who reads them and how often. Loaded lazily.
import type { PasteView } from '@shared/api/paste.schema';
import { openDatabaseWith } from '@ui/domain/database/open-database';

export type PasteCopy = { view: PasteView & { content: string }; savedAt: number };

export async function keepCopy(view: PasteView & { content: string }): Promise<void> {
  const kept = !(view.hasPassword || view.maxViews !== null);
  // Nothing to forget where no local database exists yet: don't load one for that.
  if (!kept && !(await (await import('@db/database-name')).localDatabaseExists())) return;
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  if (!kept) return cache.forgetPasteCopy(db, view.slug);
  await cache.keepPasteCopy(db, {
    slug: view.slug,
    content: view.content,
    format: view.format,
    remark: view.remark,
    hasPassword: false,
    expiresAt: view.expiresAt,
    maxViews: null,
    views: view.views,
    createdAt: view.createdAt,
    createdBy: null,
  });
}

export async function findCopy(slug: string): Promise<PasteCopy | null> {
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  const copy = await cache.pasteCopy(db, slug);
  if (copy === null || (copy.expiresAt !== null && Date.parse(copy.expiresAt) <= Date.now())) return null;
  const { slug: copySlug, content, format, remark, expiresAt, views, createdAt } = copy;
  return {
    savedAt: copy.cachedAt,
    view: {
      slug: copySlug,
      content,
      format,
      remark,
      expiresAt,
      views,
      createdAt,
      updatedAt: createdAt,
      hasPassword: false,
      maxViews: null,
      requiresPassword: false,
      canEdit: false,
    },
  };
}
