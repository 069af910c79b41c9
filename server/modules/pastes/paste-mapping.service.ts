// Rows to wire shapes. Unlimited views (0 or NULL in the row) and "never expires" both go out
// as null, and the password hash only ever leaves as `hasPassword`.
import type { LockedPasteView, PasteDetail, PasteListItem, PasteView } from '@shared/api/paste.schema';
import type { PasteListRow, PasteMeta, PasteRow } from './paste.repo';
import { type E2eeLock, e2eeLockSchema } from '@shared/e2ee/lock';

/** An encrypted paste's lock, as it was stored (checked on the way in); none for others or older ones. */
export function lockOf(row: Pick<PasteMeta, 'e2ee' | 'e2ee_lock'>): { e2eeLock?: E2eeLock } {
  if (row.e2ee !== 1 || row.e2ee_lock === null) return {};
  const parsed = e2eeLockSchema.safeParse(JSON.parse(row.e2ee_lock));
  return parsed.success ? { e2eeLock: parsed.data } : {};
}

export function maxViewsOf(row: Pick<PasteMeta, 'max_views'>): number | null {
  return row.max_views === null || row.max_views <= 0 ? null : row.max_views;
}

export function isUsedUp(row: Pick<PasteMeta, 'max_views' | 'views'>): boolean {
  const max = maxViewsOf(row);
  return max !== null && row.views >= max;
}

export function isExpired(row: Pick<PasteMeta, 'expires_at'>, now: string): boolean {
  return row.expires_at !== null && row.expires_at <= now;
}

function managedFields(row: PasteMeta) {
  return {
    id: row.id,
    slug: row.slug,
    format: row.format,
    remark: row.remark,
    hasPassword: row.password_hash !== null,
    views: row.views,
    maxViews: maxViewsOf(row),
    expiresAt: row.expires_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toListItem(row: PasteListRow): PasteListItem {
  return { ...managedFields(row), contentPreview: row.content_preview };
}

export function toDetail(row: PasteRow): PasteDetail {
  return { ...managedFields(row), content: row.content };
}

/** The public view of an open paste. The id goes out only to a caller who may edit the paste. */
export function toView(row: PasteMeta, content: string, canEdit: boolean): PasteView {
  const view: PasteView = {
    slug: row.slug,
    content,
    format: row.format,
    requiresPassword: false,
    remark: row.remark,
    hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at,
    maxViews: maxViewsOf(row),
    views: row.views,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    canEdit,
  };
  if (canEdit) view.id = row.id;
  if (row.e2ee === 1) Object.assign(view, { e2ee: true }, lockOf(row));
  return view;
}

/** A protected paste before its password: that it needs one, and nothing about it. */
export function toLockedView(row: PasteMeta, canEdit: boolean): LockedPasteView {
  return {
    slug: row.slug,
    requiresPassword: true,
    hasPassword: true,
    canEdit,
    ...(canEdit ? { id: row.id } : {}),
    ...(row.e2ee === 1 ? { e2ee: true as const, ...lockOf(row) } : {}),
  };
}
