// The file edit form and the PUT body it becomes: only changed fields are sent, an expiry preset
// becomes an absolute time, and the password is kept, replaced or cleared as chosen.
import type { FileRecord, UpdateFileRequest } from '@shared/api/file-share.schema';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { isReservedSlug, SLUG_PATTERN } from '@shared/slug';

export const fileExpiryChoices = ['keep', '1h', '1d', '7d', '30d', 'never'] as const;
export type FileExpiryChoice = (typeof fileExpiryChoices)[number];
export const passwordChoices = ['keep', 'set', 'clear'] as const;
export type PasswordChoice = (typeof passwordChoices)[number];

export type FileEditForm = {
  remark: string;
  slug: string;
  expiry: FileExpiryChoice;
  maxViews: string;
  passwordChoice: PasswordChoice;
  password: string;
  useProxy: boolean;
};

export type FileEditProblem = 'slugChars' | 'slugLength' | 'slugReserved' | 'slugTaken' | 'maxViews' | 'password';
export type FileEditProblems = Partial<Record<'slug' | 'maxViews' | 'password', FileEditProblem>>;
export type FileEditResult = { ok: true; body: UpdateFileRequest } | { ok: false; problems: FileEditProblems };

const HOUR_MS = 3_600_000;
const expiryMs: Record<Exclude<FileExpiryChoice, 'keep' | 'never'>, number> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '7d': 168 * HOUR_MS,
  '30d': 720 * HOUR_MS,
};

export function fileEditFormFrom(file: FileRecord): FileEditForm {
  return {
    remark: file.remark ?? '',
    slug: file.slug,
    expiry: 'keep',
    maxViews: String(file.max_views ?? 0),
    passwordChoice: 'keep',
    password: '',
    useProxy: file.use_proxy,
  };
}

export function isOneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return choices.some((choice) => choice === value);
}

export function fileUpdateFrom(form: FileEditForm, file: FileRecord, now: number): FileEditResult {
  const problems: FileEditProblems = {};
  const slug = form.slug.trim();
  if (slug.length === 0 || slug.length > SLUG_MAX_LENGTH) problems.slug = 'slugLength';
  else if (!SLUG_PATTERN.test(slug)) problems.slug = 'slugChars';
  else if (slug !== file.slug && isReservedSlug(slug)) problems.slug = 'slugReserved';
  const maxViews = form.maxViews.trim() === '' ? 0 : Number(form.maxViews);
  if (!Number.isInteger(maxViews) || maxViews < 0) problems.maxViews = 'maxViews';
  if (form.passwordChoice === 'set' && form.password === '') problems.password = 'password';
  if (Object.keys(problems).length > 0) return { ok: false, problems };

  const body: UpdateFileRequest = {};
  const remark = form.remark.trim();
  if (remark !== (file.remark ?? '')) body.remark = remark === '' ? null : remark;
  if (slug !== file.slug) body.slug = slug;
  if (form.expiry === 'never') body.expires_at = null;
  else if (form.expiry !== 'keep') body.expires_at = new Date(now + expiryMs[form.expiry]).toISOString();
  const views = maxViews === 0 ? null : maxViews;
  if (views !== (file.max_views === 0 ? null : file.max_views)) body.max_views = views;
  if (form.passwordChoice === 'set') body.password = form.password;
  if (form.passwordChoice === 'clear') body.password = null;
  if (form.useProxy !== file.use_proxy) body.use_proxy = form.useProxy;
  return { ok: true, body };
}
