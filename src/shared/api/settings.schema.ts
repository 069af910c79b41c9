// Wire contract of the public system settings: the upload limit, the WebDAV upload
// mode and guest pastes. Internal rows of the settings table never appear here.
import * as z from 'zod/mini';

export const uploadSizeUnits = ['KB', 'MB', 'GB'] as const;
export type UploadSizeUnit = (typeof uploadSizeUnits)[number];
export const webdavUploadModes = ['auto', 'proxy', 'multipart', 'direct'] as const;
export type WebdavUploadMode = (typeof webdavUploadModes)[number];

export const MAX_UPLOAD_SIZE_LIMIT = 1_048_576;

export const unitBytes: Record<UploadSizeUnit, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

export function uploadSizeBytes(size: number, unit: UploadSizeUnit): number {
  return size * unitBytes[unit];
}

const maxUploadSize = z
  .number('max_upload_size must be a number')
  .check(
    z.int('max_upload_size must be a whole number'),
    z.gte(1, 'max_upload_size must be greater than 0'),
    z.lte(MAX_UPLOAD_SIZE_LIMIT, `max_upload_size is at most ${MAX_UPLOAD_SIZE_LIMIT}`),
  );
const unit = z.enum(uploadSizeUnits, 'max_upload_size_unit must be KB, MB or GB');
export const THUMBNAIL_SOURCE_MAX_MB = 1024;
const thumbnailMaxSource = z
  .number('thumbnail_max_source_mb must be a number')
  .check(
    z.int('thumbnail_max_source_mb must be a whole number'),
    z.gte(1, 'thumbnail_max_source_mb must be greater than 0'),
    z.lte(THUMBNAIL_SOURCE_MAX_MB, `thumbnail_max_source_mb is at most ${THUMBNAIL_SOURCE_MAX_MB}`),
  );
const mode = z.enum(webdavUploadModes, 'webdav_upload_mode must be auto, proxy, multipart or direct');

export const systemSettingsSchema = z.object({
  max_upload_size: maxUploadSize,
  max_upload_size_unit: unit,
  webdav_upload_mode: mode,
  allow_guest_pastes: z.boolean(),
  /** The server makes thumbnails of images up to this size (MiB); larger ones get none. */
  thumbnail_max_source_mb: thumbnailMaxSource,
  /** Derived: max_upload_size × the unit (1 KB = 1024 bytes). */
  max_upload_size_bytes: z.number().check(z.int(), z.positive()),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const updateSystemSettingsRequestSchema = z
  .object({
    max_upload_size: z.optional(maxUploadSize),
    max_upload_size_unit: z.optional(unit),
    webdav_upload_mode: z.optional(mode),
    allow_guest_pastes: z.optional(z.boolean('allow_guest_pastes must be true or false')),
    thumbnail_max_source_mb: z.optional(thumbnailMaxSource),
  })
  .check(
    z.refine((v) => Object.values(v).some((field) => field !== undefined), {
      message: 'no settings to update',
      path: ['body'],
    }),
  );
export type UpdateSystemSettingsRequest = z.infer<typeof updateSystemSettingsRequestSchema>;

/**
 * GET /system/max-upload-size, readable without credentials: `max_upload_size` in megabytes (MiB, possibly fractional), as the
 * product spec's client reads it, whatever unit the admin set; the exact limit is `max_upload_size_bytes`.
 */
export const maxUploadSizeSchema = z.object({
  max_upload_size: z.number().check(z.positive()),
  max_upload_size_unit: z.literal('MB'),
  max_upload_size_bytes: z.number().check(z.int(), z.positive()),
});
export type MaxUploadSize = z.infer<typeof maxUploadSizeSchema>;
