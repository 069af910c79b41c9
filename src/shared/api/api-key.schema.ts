// Wire contract of admin API-key management. The full key appears only in the
// creation response; lists carry a prefix and a mask. Expiry is an ISO time, null for never.
import * as z from 'zod/mini';
import { normalizePath } from '@shared/path-rule';

export const API_KEY_NAME_MAX_LENGTH = 50;
export const API_KEY_CUSTOM_MIN_LENGTH = 24;
export const API_KEY_CUSTOM_MAX_LENGTH = 128;
export const API_KEY_BATCH_MAX = 1000;

/** Absolute and already in canonical form, so what is stored is what the path rule compares. */
export const basicPathSchema = z.string().check(
  z.maxLength(1024),
  z.refine((p) => normalizePath(p) === p, 'basic_path must be an absolute normalised path such as / or /docs'),
);

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'name is required'),
    z.maxLength(API_KEY_NAME_MAX_LENGTH, `name has at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  );

const expiresAt = z.union([
  z.iso.datetime({ offset: true, message: 'expires_at must be an ISO date-time, "never" or null' }),
  z.literal('never'),
  z.null(),
]);
const expiresInDays = z
  .number()
  .check(
    z.int('expires_in_days must be a whole number of days'),
    z.positive('expires_in_days must be at least 1'),
    z.lte(36_500),
  );

const editableFields = {
  name,
  /** ISO time, `null` or `"never"` for a key that never expires. */
  expires_at: z.optional(expiresAt),
  /** Alternative to expires_at: the key expires this many days from now. */
  expires_in_days: z.optional(expiresInDays),
  text_permission: z.optional(z.boolean()),
  file_permission: z.optional(z.boolean()),
  mount_permission: z.optional(z.boolean()),
  read_only: z.optional(z.boolean()),
  basic_path: z.optional(basicPathSchema),
};

const oneExpiry = (v: { expires_at?: unknown; expires_in_days?: unknown }) =>
  v.expires_at === undefined || v.expires_in_days === undefined;
const oneExpiryIssue = { message: 'send expires_at or expires_in_days, not both', path: ['expires_in_days'] };

/** Omitting both expiry fields creates a key that never expires. */
export const createApiKeyRequestSchema = z
  .object({
    ...editableFields,
    custom_key: z.optional(
      z
        .string()
        .check(
          z.regex(/^[A-Za-z0-9_-]+$/, 'custom_key may only contain letters, digits, underscores and hyphens'),
          z.minLength(API_KEY_CUSTOM_MIN_LENGTH, `custom_key needs at least ${API_KEY_CUSTOM_MIN_LENGTH} characters`),
          z.maxLength(API_KEY_CUSTOM_MAX_LENGTH, `custom_key has at most ${API_KEY_CUSTOM_MAX_LENGTH} characters`),
        ),
    ),
  })
  .check(z.refine(oneExpiry, oneExpiryIssue));
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const updateApiKeyRequestSchema = z.object({ ...editableFields, name: z.optional(name) }).check(
  z.refine(oneExpiry, oneExpiryIssue),
  z.refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'no fields to update',
    path: ['body'],
  }),
);
export type UpdateApiKeyRequest = z.infer<typeof updateApiKeyRequestSchema>;

export const batchDeleteApiKeysRequestSchema = z.object({
  ids: z
    .array(z.string().check(z.minLength(1)))
    .check(z.minLength(1, 'ids needs at least one id'), z.maxLength(API_KEY_BATCH_MAX)),
});
export type BatchDeleteApiKeysRequest = z.infer<typeof batchDeleteApiKeysRequestSchema>;

export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  key_prefix: z.string(),
  /** The prefix followed by a fixed mask, e.g. `cd_abc…••••`. */
  key_masked: z.string(),
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  read_only: z.boolean(),
  basic_path: z.string(),
  expires_at: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.array(apiKeyViewSchema);

/** The creation response: the only time the full key is sent. */
export const createdApiKeySchema = z.extend(apiKeyViewSchema, { key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const batchDeleteResultSchema = z.object({ deleted: z.number().check(z.int(), z.nonnegative()) });
export type BatchDeleteResult = z.infer<typeof batchDeleteResultSchema>;
