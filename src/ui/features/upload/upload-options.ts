// The upload options form as typed text, turned into the share options the transfer engine
// sends. Fields left empty are not sent; a custom slug only applies to a single file.
import type { UploadFileOptions } from '@machines/upload.machine';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { isReservedSlug, SLUG_PATTERN } from '@shared/slug';
import { expiryHours, type UploadExpiryPreset } from './expiry-hours';

export type UploadOptionsForm = {
  storageConfigId: string;
  slug: string;
  path: string;
  remark: string;
  password: string;
  expiry: UploadExpiryPreset;
  maxViews: string;
  /** Seal the files in the browser; the link carries the key (docs/encryption.md). */
  e2ee: boolean;
  /** With `e2ee`: the key is derived from this passphrase instead, and the link carries none. */
  passphrase: string;
};

/** A passphrase shorter than this is refused: it is all that stands between the share and a guesser. */
export const UPLOAD_PASSPHRASE_MIN_LENGTH = 8;

export type UploadOptionsProblem =
  | 'slugChars'
  | 'slugLength'
  | 'slugReserved'
  | 'slugSingle'
  | 'maxViews'
  | 'passphrase';
export type UploadOptionsProblems = Partial<Record<'slug' | 'maxViews' | 'passphrase', UploadOptionsProblem>>;

export type UploadOptionsResult =
  | { ok: true; options: UploadFileOptions }
  | { ok: false; problems: UploadOptionsProblems };

export const emptyUploadOptions: UploadOptionsForm = {
  storageConfigId: '',
  slug: '',
  path: '',
  remark: '',
  password: '',
  expiry: 'never',
  maxViews: '',
  e2ee: false,
  passphrase: '',
};

function slugProblem(slug: string, fileCount: number): UploadOptionsProblem | undefined {
  if (slug === '') return undefined;
  if (fileCount > 1) return 'slugSingle';
  if (slug.length > SLUG_MAX_LENGTH) return 'slugLength';
  if (!SLUG_PATTERN.test(slug)) return 'slugChars';
  if (isReservedSlug(slug)) return 'slugReserved';
  return undefined;
}

export function shareOptionsFrom(form: UploadOptionsForm, fileCount: number): UploadOptionsResult {
  const slug = form.slug.trim();
  const maxViewsText = form.maxViews.trim();
  const maxViews = maxViewsText === '' ? 0 : Number(maxViewsText);
  const problems: UploadOptionsProblems = {};
  const slugIssue = slugProblem(slug, fileCount);
  if (slugIssue) problems.slug = slugIssue;
  if (!Number.isInteger(maxViews) || maxViews < 0) problems.maxViews = 'maxViews';
  const passphrase = form.e2ee ? form.passphrase : '';
  if (passphrase !== '' && [...passphrase].length < UPLOAD_PASSPHRASE_MIN_LENGTH) problems.passphrase = 'passphrase';
  if (problems.slug || problems.maxViews || problems.passphrase) return { ok: false, problems };

  const options: UploadFileOptions = {};
  if (form.storageConfigId !== '') options.s3_config_id = form.storageConfigId;
  if (slug !== '') options.slug = slug;
  if (form.path.trim() !== '') options.path = form.path.trim();
  if (form.remark.trim() !== '') options.remark = form.remark.trim();
  if (form.password !== '') options.password = form.password;
  const hours = expiryHours(form.expiry);
  if (hours !== undefined) options.expires_in = hours;
  if (maxViews > 0) options.max_views = maxViews;
  if (form.e2ee) options.e2ee = true;
  if (passphrase !== '') options.e2eePassphrase = passphrase;
  return { ok: true, options };
}
