// Wire contract of "Share…" in the explorer: a file in a mount becomes a file share without its
// bytes being copied. Snake case like the upload commit it answers like.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '@shared/limits';
import { customSlugSchema } from '@shared/slug';
import { expiresInHoursSchema } from '@shared/time';
import { fsPathSchema } from './fs.schema';
import { commitResponseSchema } from './upload.schema';

export const FS_SHARE_REMARK_MAX_LENGTH = 1000;

/** `expires_in` in hours; `max_views` 0 (or absent) = unlimited; an absent `slug` gets a random one. */
export const fsShareRequestSchema = z.object({
  path: fsPathSchema,
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH))),
  expires_in: z.optional(expiresInHoursSchema),
  max_views: z.optional(z.number().check(z.int(), z.nonnegative())),
  remark: z.optional(z.string().check(z.maxLength(FS_SHARE_REMARK_MAX_LENGTH))),
  slug: z.optional(customSlugSchema),
});
export type FsShareRequest = z.infer<typeof fsShareRequestSchema>;

/** The upload commit's answer, with the file's explorer path the share reads from. */
export const fsShareResultSchema = z.extend(commitResponseSchema, {
  source_path: z.string(),
});
export type FsShareResult = z.infer<typeof fsShareResultSchema>;
