// Wire contract of mount points: admin CRUD under /admin/mounts and the
// read-only view a key with mount permission gets under /user/mounts.
import * as z from 'zod/mini';
import { CACHE_TTL_DEFAULT_SECONDS, CACHE_TTL_MAX_SECONDS, MOUNT_NAME_MAX_LENGTH } from '@shared/limits';

export const MOUNT_PATH_MAX_LENGTH = 100;
export const mountStorageTypes = ['s3', 'local'] as const;
export type MountStorageType = (typeof mountStorageTypes)[number];

/** Operating-system and application paths a mount may not take (or sit below). */
export const reservedMountPaths = [
  '/bin',
  '/etc',
  '/lib',
  '/root',
  '/sys',
  '/proc',
  '/dev',
  '/tmp',
  '/opt',
  '/var',
  '/api',
  '/admin',
  '/user',
  '/auth',
  '/public',
  '/static',
  '/assets',
  '/upload',
  '/paste',
  '/file',
  '/mount-explorer',
  '/dav',
] as const;

export function isReservedMountPath(path: string): boolean {
  const lower = path.toLowerCase();
  return reservedMountPaths.some((reserved) => lower === reserved || lower.startsWith(`${reserved}/`));
}

const mountPathChars = /^[A-Za-z0-9_\-/\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;

export const mountPathSchema = z.string().check(
  z.minLength(1, 'mount_path is required'),
  z.maxLength(MOUNT_PATH_MAX_LENGTH, `mount_path has at most ${MOUNT_PATH_MAX_LENGTH} characters`),
  z.startsWith('/', 'mount_path must start with /'),
  z.regex(mountPathChars, 'mount_path may only contain letters, digits, _, -, Chinese characters and /'),
  z.refine((p) => p !== '/', 'mount_path must name a folder below /'),
  z.refine((p) => p.length < 2 || !p.endsWith('/'), 'mount_path must not end with /'),
  z.refine((p) => !p.includes('//'), 'mount_path must not contain //'),
  z.refine((p) => !isReservedMountPath(p), 'mount_path is reserved by the system'),
);

const fields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'name is required'),
      z.maxLength(MOUNT_NAME_MAX_LENGTH, `name has at most ${MOUNT_NAME_MAX_LENGTH} characters`),
    ),
  storage_type: z.enum(mountStorageTypes, 'storage_type must be s3 or local'),
  storage_config_id: z.string().check(z.minLength(1, 'storage_config_id is required')),
  mount_path: mountPathSchema,
  remark: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  is_active: z.optional(z.boolean()),
  sort_order: z.optional(z.number().check(z.int('sort_order must be an integer'), z.gte(-1_000_000), z.lte(1_000_000))),
  cache_ttl: z.optional(
    z
      .number()
      .check(
        z.int('cache_ttl must be a whole number of seconds'),
        z.gte(0, 'cache_ttl must not be negative'),
        z.lte(CACHE_TTL_MAX_SECONDS, `cache_ttl is at most ${CACHE_TTL_MAX_SECONDS} seconds`),
      ),
  ),
};

/** Defaults: active, sort order 0, cache TTL 300 s (0 disables caching). */
export const createMountRequestSchema = z.object(fields);
export type CreateMountRequest = z.infer<typeof createMountRequestSchema>;

export const updateMountRequestSchema = z.partial(z.object(fields)).check(
  z.refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'no fields to update',
    path: ['body'],
  }),
);
export type UpdateMountRequest = z.infer<typeof updateMountRequestSchema>;

export const MOUNT_DEFAULT_CACHE_TTL = CACHE_TTL_DEFAULT_SECONDS;

export const mountViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.string(),
  storage_config_id: z.string(),
  mount_path: z.string(),
  remark: z.nullable(z.string()),
  is_active: z.boolean(),
  sort_order: z.number().check(z.int()),
  cache_ttl: z.number().check(z.int()),
  /** `system`, `admin:<id>` or `apikey:<id>`. */
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_refresh_at: z.nullable(z.string()),
});
export type MountView = z.infer<typeof mountViewSchema>;

export const mountListSchema = z.array(mountViewSchema);

/** Optional `?path=` of GET /user/mounts: only mounts at, below or containing that path. */
export const userMountsQuerySchema = z.object({ path: z.optional(z.string().check(z.maxLength(2048))) });
