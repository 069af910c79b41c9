// The options shared by the create form and the edit dialog, their client-side checks, and how
// they become the API's create and update bodies (empty fields are left out, or cleared on edit).
import type { PasteCreateInput, PasteFormat, PasteUpdateInput } from '@shared/api/paste.schema';
import { expiresAtFor, type ExpiryPreset } from './expiry-preset';
import { parseMaxViews } from './max-views';
import { slugProblem, type SlugProblem } from './slug-problem';

/** 'keep' exists only when editing. */
export type ExpiryChoice = ExpiryPreset | 'keep';

export type PasteOptions = {
  remark: string;
  slug: string;
  password: string;
  clearPassword: boolean;
  expiry: ExpiryChoice;
  maxViews: string;
  /** Create only: seal the text in this browser; the link carries the key (docs/encryption.md). */
  e2ee?: boolean;
  /** Create only, with `e2ee`: the key is derived from this passphrase, and the link carries none. */
  passphrase?: string;
};

/** What the editor holds: the text and how it is shown. */
export type PasteText = { content: string; format: PasteFormat };

export type OptionsProblems = { content?: 'empty'; slug?: SlugProblem; maxViews?: 'invalid'; passphrase?: 'short' };

/** A passphrase shorter than this is refused: it is all that stands between the share and a guesser. */
export const PASSPHRASE_MIN_LENGTH = 8;

/** The passphrase an encrypted paste is made with, or undefined for a random key in the link. */
export function passphraseOf(options: PasteOptions): string | undefined {
  return options.e2ee === true && options.passphrase !== undefined && options.passphrase !== ''
    ? options.passphrase
    : undefined;
}

export const emptyOptions: PasteOptions = {
  remark: '',
  slug: '',
  password: '',
  clearPassword: false,
  expiry: 'never',
  maxViews: '',
};

export function optionsProblems(content: string, options: PasteOptions): OptionsProblems {
  const problems: OptionsProblems = {};
  if (content.trim() === '') problems.content = 'empty';
  const slug = slugProblem(options.slug.trim());
  if (slug) problems.slug = slug;
  if (parseMaxViews(options.maxViews) === null) problems.maxViews = 'invalid';
  const passphrase = passphraseOf(options);
  if (passphrase !== undefined && [...passphrase].length < PASSPHRASE_MIN_LENGTH) problems.passphrase = 'short';
  return problems;
}

export const hasProblems = (problems: OptionsProblems) => Object.values(problems).some((p) => p !== undefined);

const orUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

export function toCreateInput({ content, format }: PasteText, options: PasteOptions, now: number): PasteCreateInput {
  const maxViews = parseMaxViews(options.maxViews) ?? 0;
  return {
    content,
    format,
    remark: orUndefined(options.remark),
    slug: orUndefined(options.slug),
    password: options.password === '' ? undefined : options.password,
    expiresAt: options.expiry === 'keep' ? undefined : expiresAtFor(options.expiry, now),
    maxViews: maxViews === 0 ? undefined : maxViews,
  };
}

type Original = PasteText & { remark: string | null; slug: string; maxViews: number | null };

/** Only what changed; `null` clears remark, expiry, max views or the password. */
export function toUpdateInput(
  original: Original,
  text: PasteText,
  options: PasteOptions,
  now: number,
): PasteUpdateInput {
  const input: PasteUpdateInput = {};
  if (text.content !== original.content) input.content = text.content;
  if (text.format !== original.format) input.format = text.format;
  const remark = orUndefined(options.remark) ?? null;
  if (remark !== original.remark) input.remark = remark;
  const slug = options.slug.trim();
  if (slug !== '' && slug !== original.slug) input.slug = slug;
  if (options.expiry !== 'keep') input.expiresAt = expiresAtFor(options.expiry, now) ?? null;
  const maxViews = parseMaxViews(options.maxViews) ?? 0;
  if ((maxViews === 0 ? null : maxViews) !== original.maxViews) input.maxViews = maxViews === 0 ? null : maxViews;
  if (options.password !== '') input.password = options.password;
  else if (options.clearPassword) input.password = null;
  return input;
}
