// Wire contract of storage configs (/s3-configs). Secrets travel only in requests;
// responses carry `has_secret` instead. Fields are snake_case as in the reference API.
import { z } from 'zod';
import { storageHostProblem } from '../net/address-class';

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

const httpUrl = z
  .string()
  .trim()
  .url('endpoint_url must be an http or https URL')
  .refine((value) => /^https?:\/\//i.test(value), 'endpoint_url must be an http or https URL')
  .refine((value) => storageHostProblem(hostnameOf(value)) === null, 'endpoint_url may not point at a cloud metadata, link-local or non-unicast address');
const folder = z
  .string()
  .trim()
  .max(512)
  .refine((value) => !value.split('/').some((segment) => segment === '..' || segment === '.'), 'default_folder may not contain "." or ".." segments');

const editable = {
  name: z.string().trim().min(1, 'name is required').max(100),
  provider_type: z.enum(providerTypes, `provider_type must be one of ${providerTypes.join(', ')}`),
  endpoint_url: httpUrl,
  bucket_name: z.string().trim().min(3, 'bucket_name must be 3 to 63 characters').max(63, 'bucket_name must be 3 to 63 characters'),
  region: z.string().trim().max(64).nullable(),
  access_key_id: z.string().trim().min(1, 'access_key_id is required').max(256),
  secret_access_key: z.string().min(1, 'secret_access_key is required').max(512),
  path_style: z.boolean(),
  default_folder: folder,
  is_public: z.boolean(),
  custom_host: httpUrl.nullable(),
  signature_expires_in: z.number().int().min(SIGNATURE_EXPIRES_MIN).max(SIGNATURE_EXPIRES_MAX, 'signature_expires_in must be 60 to 604800 seconds'),
  total_storage_bytes: z.number().int().positive('total_storage_bytes must be a positive integer').nullable(),
  use_proxy: z.boolean(),
};

export const createS3ConfigRequestSchema = z.object({
  driver: z.literal('s3').default('s3'),
  name: editable.name,
  provider_type: editable.provider_type,
  endpoint_url: editable.endpoint_url,
  bucket_name: editable.bucket_name,
  access_key_id: editable.access_key_id,
  secret_access_key: editable.secret_access_key,
  region: editable.region.optional(),
  path_style: editable.path_style.optional(),
  default_folder: editable.default_folder.optional(),
  is_public: editable.is_public.optional(),
  custom_host: editable.custom_host.optional(),
  signature_expires_in: editable.signature_expires_in.optional(),
  total_storage_bytes: editable.total_storage_bytes.optional(),
  use_proxy: editable.use_proxy.optional(),
});
export type CreateS3ConfigRequest = z.infer<typeof createS3ConfigRequestSchema>;

/** Partial update; an omitted secret keeps the stored one. */
export const updateStorageConfigRequestSchema = z.object(editable).partial();
export type UpdateStorageConfigRequest = z.infer<typeof updateStorageConfigRequestSchema>;

export const storageConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  driver: z.enum(storageDrivers),
  provider_type: z.string(),
  endpoint_url: z.string().nullable(),
  bucket_name: z.string().nullable(),
  region: z.string().nullable(),
  access_key_id: z.string().nullable(),
  has_secret: z.boolean(),
  path_style: z.boolean(),
  default_folder: z.string(),
  is_public: z.boolean(),
  is_default: z.boolean(),
  custom_host: z.string().nullable(),
  signature_expires_in: z.number().int(),
  total_storage_bytes: z.number().int().nullable(),
  used_storage_bytes: z.number().int().nonnegative(),
  use_proxy: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used_at: z.string().nullable(),
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
  params: z.object({ count: z.number().int().optional(), status: z.number().int().optional(), origin: z.string().optional(), error: z.string().optional() }),
  message: z.string(),
  ms: z.number().nonnegative(),
});
export type StorageProbe = z.infer<typeof storageProbeSchema>;

/** POST /s3-configs/:id/test: each probe reported on its own. */
export const storageTestResultSchema = z.object({
  success: z.boolean(),
  results: z.object({ read: storageProbeSchema, write: storageProbeSchema, cors: storageProbeSchema, presigned: storageProbeSchema }),
});
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

export const applyCorsRequestSchema = z.object({
  origin: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^/\s]+$/i.test(value), 'origin must look like https://host[:port]'),
});
export type ApplyCorsRequest = z.infer<typeof applyCorsRequestSchema>;
export const applyCorsResponseSchema = z.object({ origin: z.string(), applied: z.boolean() });
export type ApplyCorsResponse = z.infer<typeof applyCorsResponseSchema>;

/** DELETE /s3-configs/:id: the config is gone (one still in use is refused with CONFLICT). */
export const storageConfigDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type StorageConfigDeleted = z.infer<typeof storageConfigDeletedSchema>;
