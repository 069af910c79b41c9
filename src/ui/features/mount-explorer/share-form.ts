// "Share…" in the explorer: the dialog's typed text turned into the share call's body. Fields left
// empty are not sent; the link suffix follows the server's slug rules (src/shared/slug.ts).
import type { FsShareRequest } from '@shared/api/fs-share.schema';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { isReservedSlug, SLUG_PATTERN } from '@shared/slug';

export const shareExpiryPresets = ['1h', '1d', '7d', '30d', 'never'] as const;
export type ShareExpiryPreset = (typeof shareExpiryPresets)[number];

const presetHours: Record<ShareExpiryPreset, number | undefined> = {
  '1h': 1,
  '1d': 24,
  '7d': 168,
  '30d': 720,
  never: undefined,
};

export function isShareExpiryPreset(value: string): value is ShareExpiryPreset {
  return shareExpiryPresets.some((preset) => preset === value);
}

export type ShareForm = { password: string; expiry: ShareExpiryPreset; maxViews: string; remark: string; slug: string };

export const emptyShareForm: ShareForm = { password: '', expiry: 'never', maxViews: '', remark: '', slug: '' };

export type ShareProblem = 'slugChars' | 'slugLength' | 'slugReserved' | 'slugTaken' | 'maxViews';
export type ShareProblems = Partial<Record<'slug' | 'maxViews', ShareProblem>>;

export type ShareFormResult = { ok: true; request: FsShareRequest } | { ok: false; problems: ShareProblems };

function slugProblem(slug: string): ShareProblem | undefined {
  if (slug === '') return undefined;
  if (slug.length > SLUG_MAX_LENGTH) return 'slugLength';
  if (!SLUG_PATTERN.test(slug)) return 'slugChars';
  if (isReservedSlug(slug)) return 'slugReserved';
  return undefined;
}

export function shareRequestFrom(path: string, form: ShareForm): ShareFormResult {
  const slug = form.slug.trim();
  const viewsText = form.maxViews.trim();
  const maxViews = viewsText === '' ? 0 : Number(viewsText);
  const problems: ShareProblems = {};
  const slugIssue = slugProblem(slug);
  if (slugIssue) problems.slug = slugIssue;
  if (!/^\d*$/.test(viewsText) || !Number.isSafeInteger(maxViews)) problems.maxViews = 'maxViews';
  if (problems.slug || problems.maxViews) return { ok: false, problems };

  const request: FsShareRequest = { path };
  if (form.password !== '') request.password = form.password;
  const hours = presetHours[form.expiry];
  if (hours !== undefined) request.expires_in = hours;
  if (maxViews > 0) request.max_views = maxViews;
  if (form.remark.trim() !== '') request.remark = form.remark.trim();
  if (slug !== '') request.slug = slug;
  return { ok: true, request };
}
