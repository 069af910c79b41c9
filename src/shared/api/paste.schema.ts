// Wire contract of text pastes: creation, the public view and unlock, and the admin and API-key
// management lists. Unlimited views and no expiry are both sent back as null.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { customSlugSchema } from '../slug';
import { isoTimestampSchema } from '../time';

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

const content = z.string().refine((value) => value.trim() !== '', { message: 'content must not be empty' });
const remark = z.string().max(PASTE_REMARK_MAX_LENGTH, `remark must be at most ${PASTE_REMARK_MAX_LENGTH} characters`);
const password = z.string().min(1, 'password must not be empty').max(PASSWORD_MAX_LENGTH);
const maxViews = z.number({ message: 'maxViews must be an integer ≥ 0' }).int('maxViews must be an integer ≥ 0').min(0, 'maxViews must be an integer ≥ 0');

export const pasteCreateInputSchema = z.object({
  content,
  /** Omitted means Markdown. */
  format: pasteFormatSchema.optional(),
  remark: z.preprocess(emptyIsUnset, remark.optional()),
  password: z.preprocess(emptyIsUnset, password.optional()),
  /** Absolute time; omitted or null means never. */
  expiresAt: z.preprocess(emptyIsUnset, isoTimestampSchema.optional()),
  /** 0 or omitted means unlimited. */
  maxViews: z.preprocess(emptyIsUnset, maxViews.optional()),
  slug: z.preprocess(emptyIsUnset, customSlugSchema.optional()),
});
export type PasteCreateInput = z.infer<typeof pasteCreateInputSchema>;

export const pasteCreateResultSchema = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  /** Answers remembered for an Idempotency-Key before pastes had a format are Markdown ones. */
  format: pasteFormatSchema.default(DEFAULT_PASTE_FORMAT),
  expiresAt: z.string().nullable(),
  maxViews: z.number().int().positive().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type PasteCreateResult = z.infer<typeof pasteCreateResultSchema>;

/** GET /api/paste/:slug and POST /api/paste/:slug. `content` is absent while a password is required. */
export const pasteViewSchema = z.object({
  /** Sent only when `canEdit` is true, so the viewer can open the paste's edit dialog. */
  id: z.string().optional(),
  slug: z.string(),
  content: z.string().optional(),
  format: pasteFormatSchema,
  requiresPassword: z.boolean(),
  remark: z.string().nullable(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  maxViews: z.number().int().positive().nullable(),
  views: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  /** Short-lived token for /api/raw/:slug?token=… after a password was verified. */
  rawToken: z.string().optional(),
  /**
   * With `?render=html`: Markdown content as sanitised HTML with highlighted code. Absent for plain
   * text and for content over 256 KB, which the client renders itself.
   */
  html: z.string().optional(),
});
export type PasteView = z.infer<typeof pasteViewSchema>;

/** `render=html` adds the rendered Markdown (`html`) to an answer that carries the content. */
export const pasteViewQuerySchema = z.object({ render: z.enum(['html']).optional() });

export const pasteUnlockInputSchema = z.object({ password });
export type PasteUnlockInput = z.infer<typeof pasteUnlockInputSchema>;

/** PUT on a paste: only the fields sent change; null clears remark, expiresAt, maxViews or password. */
export const pasteUpdateInputSchema = z
  .object({
    content: content.optional(),
    format: pasteFormatSchema.optional(),
    remark: remark.nullable().optional(),
    expiresAt: isoTimestampSchema.nullable().optional(),
    maxViews: maxViews.nullable().optional(),
    password: password.nullable().optional(),
    slug: customSlugSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'nothing to update: send at least one field',
  });
export type PasteUpdateInput = z.infer<typeof pasteUpdateInputSchema>;

const managedPasteFields = {
  id: z.string(),
  slug: z.string(),
  format: pasteFormatSchema,
  remark: z.string().nullable(),
  hasPassword: z.boolean(),
  views: z.number().int().nonnegative(),
  maxViews: z.number().int().positive().nullable(),
  expiresAt: z.string().nullable(),
  /** `admin:<id>`, `apikey:<id>` or `guest`. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const pasteListItemSchema = z.object({ ...managedPasteFields, contentPreview: z.string() });
export type PasteListItem = z.infer<typeof pasteListItemSchema>;

export const pasteDetailSchema = z.object({ ...managedPasteFields, content: z.string() });
export type PasteDetail = z.infer<typeof pasteDetailSchema>;

const listLimit = z.coerce.number().int().min(1).max(PASTE_LIST_MAX_LIMIT).default(10);

export const pastePageQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1), limit: listLimit });
export type PastePageQuery = z.infer<typeof pastePageQuerySchema>;

export const pasteOffsetQuerySchema = z.object({ limit: listLimit, offset: z.coerce.number().int().min(0).default(0) });
export type PasteOffsetQuery = z.infer<typeof pasteOffsetQuerySchema>;

export const pagePaginationSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});

export const offsetPaginationSchema = z.object({
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});

export const adminPasteListSchema = z.object({ items: z.array(pasteListItemSchema), pagination: pagePaginationSchema });
export type AdminPasteList = z.infer<typeof adminPasteListSchema>;

export const userPasteListSchema = z.object({ items: z.array(pasteListItemSchema), pagination: offsetPaginationSchema });
export type UserPasteList = z.infer<typeof userPasteListSchema>;

export const pasteIdsInputSchema = z.object({
  ids: z.array(z.string().min(1)).min(1, 'ids must list at least one id').max(PASTE_BATCH_MAX_IDS),
});
export type PasteIdsInput = z.infer<typeof pasteIdsInputSchema>;

export const deletedCountSchema = z.object({ deleted: z.number().int().nonnegative() });
export type DeletedCount = z.infer<typeof deletedCountSchema>;
