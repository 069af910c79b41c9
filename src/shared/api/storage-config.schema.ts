// Wire contract of storage configs (/s3-configs). Secrets travel only in requests;
// responses carry `has_secret` instead. Fields are snake_case as in the reference API.
import * as z from 'zod/mini';
import { storageHostProblem } from '@shared/net/address-class';

export const providerTypes = ['Cloudflare R2', 'Backblaze B2', 'AWS S3', 'Other S3 Compatible', 'Local'] as const;
export const storageDrivers = ['local', 's3'] as const;
export const SIGNATURE_EXPIRES_MIN = 60;
export const SIGNATURE_EXPIRES_MAX = 604_800;

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

const httpUrl = z.string().check(
  z.trim(),
  z.url('endpoint_url must be an http or https URL'),
  z.refine((value) => /^https?:\/\//i.test(value), 'endpoint_url must be an http or https URL'),
  z.refine(
    (value) => storageHostProblem(hostnameOf(value)) === null,
    'endpoint_url may not point at a cloud metadata, link-local or non-unicast address',
  ),
);
const folder = z.string().check(
  z.trim(),
  z.maxLength(512),
  z.refine(
    (value) => !value.split('/').some((segment) => segment === '..' || segment === '.'),
    'default_folder may not contain "." or ".." segments',
  ),
);

const editable = {
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  provider_type: z.enum(providerTypes, `provider_type must be one of ${providerTypes.join(', ')}`),
  endpoint_url: httpUrl,
  bucket_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'bucket_name must be 3 to 63 characters'),
      z.maxLength(63, 'bucket_name must be 3 to 63 characters'),
    ),
  region: z.nullable(z.string().check(z.trim(), z.maxLength(64))),
  access_key_id: z.string().check(z.trim(), z.minLength(1, 'access_key_id is required'), z.maxLength(256)),
  secret_access_key: z.string().check(z.minLength(1, 'secret_access_key is required'), z.maxLength(512)),
  path_style: z.boolean(),
  default_folder: folder,
  is_public: z.boolean(),
  custom_host: z.nullable(httpUrl),
  signature_expires_in: z
    .number()
    .check(
      z.int(),
      z.gte(SIGNATURE_EXPIRES_MIN),
      z.lte(SIGNATURE_EXPIRES_MAX, 'signature_expires_in must be 60 to 604800 seconds'),
    ),
  total_storage_bytes: z.nullable(
    z.number().check(z.int(), z.positive('total_storage_bytes must be a positive integer')),
  ),
  use_proxy: z.boolean(),
};

export const createS3ConfigRequestSchema = z.object({
  driver: z._default(z.literal('s3'), 's3'),
  name: editable.name,
  provider_type: editable.provider_type,
  endpoint_url: editable.endpoint_url,
  bucket_name: editable.bucket_name,
  access_key_id: editable.access_key_id,
  secret_access_key: editable.secret_access_key,
  region: z.optional(editable.region),
  path_style: z.optional(editable.path_style),
  default_folder: z.optional(editable.default_folder),
  is_public: z.optional(editable.is_public),
  custom_host: z.optional(editable.custom_host),
  signature_expires_in: z.optional(editable.signature_expires_in),
  total_storage_bytes: z.optional(editable.total_storage_bytes),
  use_proxy: z.optional(editable.use_proxy),
});
export type CreateS3ConfigRequest = z.infer<typeof createS3ConfigRequestSchema>;

/** Partial update; an omitted secret keeps the stored one. */
export const updateStorageConfigRequestSchema = z.partial(z.object(editable));
export type UpdateStorageConfigRequest = z.infer<typeof updateStorageConfigRequestSchema>;

export const storageConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  driver: z.enum(storageDrivers),
  provider_type: z.string(),
  endpoint_url: z.nullable(z.string()),
  bucket_name: z.nullable(z.string()),
  region: z.nullable(z.string()),
  access_key_id: z.nullable(z.string()),
  has_secret: z.boolean(),
  path_style: z.boolean(),
  default_folder: z.string(),
  is_public: z.boolean(),
  is_default: z.boolean(),
  custom_host: z.nullable(z.string()),
  signature_expires_in: z.number().check(z.int()),
  total_storage_bytes: z.nullable(z.number().check(z.int())),
  used_storage_bytes: z.number().check(z.int(), z.nonnegative()),
  use_proxy: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

export const storageConfigListSchema = z.array(storageConfigSchema);

/** What a probe found, for the interface to say in its own words (`message` is the English for API users). */
export const probeOutcomes = [
  'listed',
  'wrote',
  'cors-allowed',
  'cors-refused',
  'cors-not-checked',
  'cors-local',
  'presigned-ok',
  'presigned-http',
  'presigned-missing',
  'presigned-no-etag',
  'failed',
] as const;
export const probeOutcomeSchema = z.enum(probeOutcomes);
export type ProbeOutcome = z.infer<typeof probeOutcomeSchema>;

export const storageProbeSchema = z.object({
  ok: z.boolean(),
  outcome: probeOutcomeSchema,
  /** Values the outcome's sentence names: an object count, an HTTP status, an origin, an error's name. */
  params: z.object({
    count: z.optional(z.number().check(z.int())),
    status: z.optional(z.number().check(z.int())),
    origin: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
  message: z.string(),
  ms: z.number().check(z.nonnegative()),
});
export type StorageProbe = z.infer<typeof storageProbeSchema>;

/** POST /s3-configs/:id/test: each probe reported on its own. */
export const storageTestResultSchema = z.object({
  success: z.boolean(),
  results: z.object({
    read: storageProbeSchema,
    write: storageProbeSchema,
    cors: storageProbeSchema,
    presigned: storageProbeSchema,
  }),
});
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

export const applyCorsRequestSchema = z.object({
  origin: z.string().check(
    z.trim(),
    z.refine((value) => /^https?:\/\/[^/\s]+$/i.test(value), 'origin must look like https://host[:port]'),
  ),
});
export type ApplyCorsRequest = z.infer<typeof applyCorsRequestSchema>;
export const applyCorsResponseSchema = z.object({ origin: z.string(), applied: z.boolean() });
export type ApplyCorsResponse = z.infer<typeof applyCorsResponseSchema>;

/** DELETE /s3-configs/:id: the config is gone (one still in use is refused with CONFLICT). */
export const storageConfigDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type StorageConfigDeleted = z.infer<typeof storageConfigDeletedSchema>;
