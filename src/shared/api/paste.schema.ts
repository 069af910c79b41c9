// Wire contract of text pastes: creation, the public view and unlock, and the admin and API-key
// management lists. Unlimited views and no expiry are both sent back as null.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '@shared/limits';
import { unrenderedSchema } from '@shared/markdown/unrendered';
import { customSlugSchema } from '@shared/slug';
import { isoTimestampSchema } from '@shared/time';
import { e2eeLockSchema } from '@shared/e2ee/lock';

export const PASTE_MAX_BYTES = 1024 * 1024;
export const PASTE_REMARK_MAX_LENGTH = 1000;
export const PASTE_PREVIEW_LENGTH = 200;
export const PASTE_LIST_MAX_LIMIT = 100;
export const PASTE_BATCH_MAX_IDS = 1000;

/** How a paste is shown: rendered Markdown, or plain text in a <pre>. */
export const pasteFormats = ['markdown', 'plain'] as const;
export const pasteFormatSchema = z.enum(pasteFormats, { message: "format must be 'markdown' or 'plain'" });
export type PasteFormat = z.infer<typeof pasteFormatSchema>;
export const DEFAULT_PASTE_FORMAT: PasteFormat = 'markdown';

const emptyIsUnset = (value: unknown) => (value === '' || value === null ? undefined : value);

const content = z.string().check(z.refine((value) => value.trim() !== '', { message: 'content must not be empty' }));
const remark = z
  .string()
  .check(z.maxLength(PASTE_REMARK_MAX_LENGTH, `remark must be at most ${PASTE_REMARK_MAX_LENGTH} characters`));
const password = z.string().check(z.minLength(1, 'password must not be empty'), z.maxLength(PASSWORD_MAX_LENGTH));
const maxViews = z
  .int({ message: 'maxViews must be an integer ≥ 0' })
  .check(z.gte(0, 'maxViews must be an integer ≥ 0'));

export const pasteCreateInputSchema = z.object({
  content,
  /** Omitted means Markdown. */
  format: z.optional(pasteFormatSchema),
  remark: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(remark))),
  password: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(password))),
  /** Absolute time; omitted or null means never. */
  expiresAt: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(isoTimestampSchema))),
  /** 0 or omitted means unlimited. */
  maxViews: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(maxViews))),
  slug: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(customSlugSchema))),
  /** The content is text sealed in the browser (docs/encryption.md), which the server never renders. */
  e2ee: z.optional(z.boolean()),
  /** With `e2ee`: the key check and a passphrase's parameters (docs/encryption.md, "The lock"). */
  e2eeLock: z.optional(e2eeLockSchema),
});
export type PasteCreateInput = z.infer<typeof pasteCreateInputSchema>;

export const pasteCreateResultSchema = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  /** Answers remembered for an Idempotency-Key before pastes had a format are Markdown ones. */
  format: z._default(pasteFormatSchema, DEFAULT_PASTE_FORMAT),
  expiresAt: z.nullable(z.string()),
  maxViews: z.nullable(z.int().check(z.positive())),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type PasteCreateResult = z.infer<typeof pasteCreateResultSchema>;

/** An open paste: GET /api/paste/:slug of one without a password, and POST /api/paste/:slug. */
export const pasteViewSchema = z.object({
  /** Sent only when `canEdit` is true, so the viewer can open the paste's edit dialog. */
  id: z.optional(z.string()),
  slug: z.string(),
  content: z.string(),
  format: pasteFormatSchema,
  requiresPassword: z.boolean(),
  remark: z.nullable(z.string()),
  hasPassword: z.boolean(),
  expiresAt: z.nullable(z.string()),
  maxViews: z.nullable(z.int().check(z.positive())),
  views: z.int().check(z.nonnegative()),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  /** Short-lived token for /api/raw/:slug?token=… after a password was verified. */
  rawToken: z.optional(z.string()),
  /**
   * With `?render=html`: Markdown content as sanitised HTML with highlighted code. Absent for plain
   * text and for content over 256 KB, which the client renders itself.
   */
  html: z.optional(z.string()),
  /** Set when `html` is the content escaped, not rendered, and why (src/shared/markdown/unrendered.ts). */
  unrendered: z.optional(unrenderedSchema),
  /** The content is sealed text (docs/encryption.md) that only the link's key opens. */
  e2ee: z.optional(z.literal(true)),
  /** The key check and a passphrase's parameters, so a wrong key is told before any view is spent. */
  e2eeLock: z.optional(e2eeLockSchema),
});
export type PasteView = z.infer<typeof pasteViewSchema>;

/**
 * GET /api/paste/:slug of a protected paste: nothing about it (remark, format, dates, views) until
 * the password is given, but that it needs one, and to its owner the id that opens the edit dialog.
 */
export const lockedPasteViewSchema = z.object({
  id: z.optional(z.string()),
  slug: z.string(),
  requiresPassword: z.literal(true),
  hasPassword: z.literal(true),
  canEdit: z.boolean(),
  /** Encrypted end to end: a visitor without the link's key is told so before giving a password. */
  e2ee: z.optional(z.literal(true)),
  /** The key check and a passphrase's parameters, so a wrong key is told before any view is spent. */
  e2eeLock: z.optional(e2eeLockSchema),
});
export type LockedPasteView = z.infer<typeof lockedPasteViewSchema>;

/**
 * GET /api/paste/:slug?reveal=ask of a view-limited or end-to-end encrypted paste without a
 * password: no view is spent and nothing about it is said but how many views are left (null for
 * no limit) and whether it is encrypted; the page reads it when the visitor asks, or at once when
 * it is an unlimited encrypted paste whose key the link holds.
 */
export const pasteRevealViewSchema = z.object({
  slug: z.string(),
  requiresReveal: z.literal(true),
  viewsLeft: z.nullable(z.int().check(z.positive())),
  e2ee: z.optional(z.literal(true)),
  /** The key check and a passphrase's parameters, so a wrong key is told before any view is spent. */
  e2eeLock: z.optional(e2eeLockSchema),
});
export type PasteRevealView = z.infer<typeof pasteRevealViewSchema>;

/** What GET /api/paste/:slug answers: the open paste, the locked one, or (when asked) the one to reveal. */
export const pasteViewAnswerSchema = z.union([pasteViewSchema, lockedPasteViewSchema, pasteRevealViewSchema]);
export type PasteViewAnswer = PasteView | LockedPasteView | PasteRevealView;

export function isLockedPaste(view: PasteViewAnswer): view is LockedPasteView {
  return !('content' in view) && !('requiresReveal' in view);
}

export function isRevealPending(view: PasteViewAnswer): view is PasteRevealView {
  return 'requiresReveal' in view;
}

/**
 * `render=html` adds the rendered Markdown (`html`) to an answer that carries the content.
 * `reveal=ask` spends no view of a view-limited paste: it answers only how many views are left.
 */
export const pasteViewQuerySchema = z.object({
  render: z.optional(z.enum(['html'])),
  /**
   * `ask`: a view-limited paste spends nothing and says how many views are left. `editor`: the
   * caller who may edit the paste reads it without counting a view (a server-rendered page counted
   * the visit already; the page's second read is only for the edit id); anyone else is refused.
   */
  reveal: z.optional(z.enum(['ask', 'editor'])),
});

export const pasteUnlockInputSchema = z.object({ password });
export type PasteUnlockInput = z.infer<typeof pasteUnlockInputSchema>;

/** PUT on a paste: only the fields sent change; null clears remark, expiresAt, maxViews or password. */
export const pasteUpdateInputSchema = z
  .object({
    content: z.optional(content),
    format: z.optional(pasteFormatSchema),
    remark: z.optional(z.nullable(remark)),
    expiresAt: z.optional(z.nullable(isoTimestampSchema)),
    maxViews: z.optional(z.nullable(maxViews)),
    password: z.optional(z.nullable(password)),
    slug: z.optional(customSlugSchema),
  })
  .check(
    z.refine((input) => Object.values(input).some((value) => value !== undefined), {
      message: 'nothing to update: send at least one field',
    }),
  );
export type PasteUpdateInput = z.infer<typeof pasteUpdateInputSchema>;

const managedPasteFields = {
  id: z.string(),
  slug: z.string(),
  format: pasteFormatSchema,
  remark: z.nullable(z.string()),
  hasPassword: z.boolean(),
  views: z.int().check(z.nonnegative()),
  maxViews: z.nullable(z.int().check(z.positive())),
  expiresAt: z.nullable(z.string()),
  /** `admin:<id>`, `apikey:<id>` or `guest`. */
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const pasteListItemSchema = z.object({ ...managedPasteFields, contentPreview: z.string() });
export type PasteListItem = z.infer<typeof pasteListItemSchema>;

export const pasteDetailSchema = z.object({ ...managedPasteFields, content: z.string() });
export type PasteDetail = z.infer<typeof pasteDetailSchema>;

const listLimit = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PASTE_LIST_MAX_LIMIT)), 10);

export const pastePageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  limit: listLimit,
});
export type PastePageQuery = z.infer<typeof pastePageQuerySchema>;

export const pasteOffsetQuerySchema = z.object({
  limit: listLimit,
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type PasteOffsetQuery = z.infer<typeof pasteOffsetQuerySchema>;

export const pagePaginationSchema = z.object({
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.positive()),
  limit: z.int().check(z.positive()),
  totalPages: z.int().check(z.nonnegative()),
});

export const offsetPaginationSchema = z.object({
  total: z.int().check(z.nonnegative()),
  limit: z.int().check(z.positive()),
  offset: z.int().check(z.nonnegative()),
  hasMore: z.boolean(),
});

export const adminPasteListSchema = z.object({ items: z.array(pasteListItemSchema), pagination: pagePaginationSchema });
export type AdminPasteList = z.infer<typeof adminPasteListSchema>;

export const userPasteListSchema = z.object({
  items: z.array(pasteListItemSchema),
  pagination: offsetPaginationSchema,
});
export type UserPasteList = z.infer<typeof userPasteListSchema>;

export const pasteIdsInputSchema = z.object({
  ids: z
    .array(z.string().check(z.minLength(1)))
    .check(z.minLength(1, 'ids must list at least one id'), z.maxLength(PASTE_BATCH_MAX_IDS)),
});
export type PasteIdsInput = z.infer<typeof pasteIdsInputSchema>;

export const deletedCountSchema = z.object({ deleted: z.int().check(z.nonnegative()) });
export type DeletedCount = z.infer<typeof deletedCountSchema>;
