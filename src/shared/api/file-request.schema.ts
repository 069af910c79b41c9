// Wire contract of file requests: an owner (the admin, or a key with file and mount permissions
// inside its base path) asks anyone holding the link to upload into one folder, within limits.
// Uploaders use the share upload's shapes (presign → PUT → commit, multipart init → parts →
// complete → commit), each with the upload token the public answer or the password check gave.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '@shared/limits';
import { customSlugSchema } from '@shared/slug';
import {
  completedPartSchema,
  MULTIPART_MAX_PART_BYTES,
  MULTIPART_MAX_PARTS,
  MULTIPART_MIN_PART_BYTES,
  presignedPartSchema,
  storedPartSchema,
} from './upload.schema';

export const FILE_REQUEST_STATUSES = ['open', 'paused', 'closed'] as const;
export type FileRequestStatus = (typeof FILE_REQUEST_STATUSES)[number];
/** What the public page is told: the owner's status, or `expired` once the expiry has passed. */
export type FileRequestState = FileRequestStatus | 'expired';

export const FILE_REQUEST_TITLE_MAX = 200;
export const FILE_REQUEST_MESSAGE_MAX = 4000;
export const FILE_REQUEST_MAX_TYPES = 50;
export const FILE_REQUEST_UPLOADER_NAME_MAX = 64;

/** `.pdf` (an extension), `image/*` (a MIME family) or `application/pdf` (one MIME type). */
export const allowedTypeSchema = z
  .string()
  .check(
    z.maxLength(100),
    z.regex(
      /^(\.[A-Za-z0-9][A-Za-z0-9_+-]{0,15}|[a-z0-9][a-z0-9.+-]*\/(\*|[a-z0-9][a-z0-9.+-]*))$/,
      'each allowed type is an extension (.pdf), a MIME family (image/*) or a MIME type (application/pdf)',
    ),
  );

const positiveInt = z.number().check(z.int(), z.gte(1));
const isoDate = z.string().check(
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO-8601 date and time'),
  z.maxLength(40),
);
const webhookUrl = z.string().check(
  z.maxLength(2000),
  z.refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) URL'),
);

const settings = {
  title: z.string().check(z.minLength(1, 'title is required'), z.maxLength(FILE_REQUEST_TITLE_MAX)),
  message: z.optional(z.string().check(z.maxLength(FILE_REQUEST_MESSAGE_MAX))),
  expires_at: z.optional(z.nullable(isoDate)),
  max_files: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(10_000)))),
  max_total_bytes: z.optional(z.nullable(positiveInt)),
  max_file_bytes: z.optional(z.nullable(positiveInt)),
  allowed_types: z.optional(z.nullable(z.array(allowedTypeSchema).check(z.maxLength(FILE_REQUEST_MAX_TYPES)))),
  require_name: z.optional(z.boolean()),
  webhook_url: z.optional(z.nullable(webhookUrl)),
  status: z.optional(z.enum(FILE_REQUEST_STATUSES)),
};

export const createFileRequestSchema = z.object({
  path: z.string().check(z.minLength(1, 'path is required'), z.maxLength(4096)),
  ...settings,
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH))),
  slug: z.optional(customSlugSchema),
});
export type CreateFileRequest = z.infer<typeof createFileRequestSchema>;

/** Every field optional; `password: null` removes the password. The folder cannot move. */
export const updateFileRequestSchema = z.object({
  ...settings,
  title: z.optional(settings.title),
  password: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)))),
  slug: z.optional(customSlugSchema),
});
export type UpdateFileRequest = z.infer<typeof updateFileRequestSchema>;

/** The owner's view of the request's latest webhook delivery. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** `pending`: waiting for its next attempt; `failed`: every attempt failed, no more will be made. */
  status: z.enum(['pending', 'delivered', 'failed']),
  file_count: z.number(),
  attempts: z.number(),
  max_attempts: z.number(),
  created_at: z.string(),
  last_attempt_at: z.nullable(z.string()),
  /** When the next attempt may run, while pending. */
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  /** Why the last attempt failed (`HTTP 503`, a refused address, a timeout). */
  last_error: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const fileRequestSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** The page uploaders open: `/request/{slug}`, absolute. */
  url: z.string(),
  path: z.string(),
  title: z.string(),
  message: z.string(),
  expires_at: z.nullable(z.string()),
  max_files: z.nullable(z.number()),
  max_total_bytes: z.nullable(z.number()),
  max_file_bytes: z.nullable(z.number()),
  allowed_types: z.nullable(z.array(z.string())),
  has_password: z.boolean(),
  require_name: z.boolean(),
  webhook_url: z.nullable(z.string()),
  /** The key of the webhook's `X-Clipdock-Signature` (HMAC-SHA256 of the body), when a webhook is set. */
  webhook_secret: z.nullable(z.string()),
  status: z.enum(FILE_REQUEST_STATUSES),
  state: z.enum([...FILE_REQUEST_STATUSES, 'expired']),
  file_count: z.number(),
  total_bytes: z.number(),
  last_upload_at: z.nullable(z.string()),
  /** Files that arrived since the owner last opened the uploads (the panel's badge). */
  new_uploads: z.number(),
  /** The latest webhook delivery, when one was made. */
  webhook_delivery: z.nullable(webhookDeliverySchema),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileRequestView = z.infer<typeof fileRequestSchema>;

export const fileRequestListSchema = z.object({ items: z.array(fileRequestSchema) });
export type FileRequestList = z.infer<typeof fileRequestListSchema>;

export const fileRequestDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const fileRequestUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the file is in the explorer. */
  path: z.string(),
  size: z.number(),
  content_type: z.string(),
  uploader_name: z.nullable(z.string()),
  status: z.enum(['pending', 'done']),
  created_at: z.string(),
  committed_at: z.nullable(z.string()),
});
export type FileRequestUpload = z.infer<typeof fileRequestUploadSchema>;

export const fileRequestUploadListSchema = z.object({ items: z.array(fileRequestUploadSchema) });

/**
 * What the public page shows. A protected request says only that it needs its password until
 * verified; a closed or expired one only its state. Nothing already in the folder is ever listed.
 */
export const publicFileRequestSchema = z.object({
  slug: z.string(),
  state: z.enum([...FILE_REQUEST_STATUSES, 'expired']),
  requires_password: z.boolean(),
  title: z.nullable(z.string()),
  message: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  max_files: z.nullable(z.number()),
  max_total_bytes: z.nullable(z.number()),
  /** The per-file limit in force: the request's, the max upload size or the free quota, whichever is least. */
  max_file_bytes: z.nullable(z.number()),
  allowed_types: z.nullable(z.array(z.string())),
  require_name: z.boolean(),
  files_left: z.nullable(z.number()),
  bytes_left: z.nullable(z.number()),
  /** Sent with every upload step; null until the password is verified (or while not open). */
  upload_token: z.nullable(z.string()),
  token_expires_at: z.nullable(z.string()),
});
export type PublicFileRequest = z.infer<typeof publicFileRequestSchema>;

export const verifyFileRequestSchema = z.object({
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});

const token = z.string().check(z.minLength(1), z.maxLength(512));
const fileId = z.string().check(z.minLength(1), z.maxLength(100));
const byteSize = z.number().check(z.int(), z.nonnegative());
const partSize = z.number().check(z.int(), z.gte(MULTIPART_MIN_PART_BYTES), z.lte(MULTIPART_MAX_PART_BYTES));
const partNumbers = z
  .array(z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)))
  .check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS));

export const requestPresignSchema = z.object({
  token,
  filename: z.string().check(z.minLength(1), z.maxLength(1024)),
  mimetype: z.optional(z.string().check(z.maxLength(255))),
  size: byteSize,
  uploader_name: z.optional(z.string().check(z.maxLength(FILE_REQUEST_UPLOADER_NAME_MAX))),
});
export type RequestPresign = z.infer<typeof requestPresignSchema>;

/** `storage_path`: where the file lands inside the request (its own folder and name), never the folder above. */
export const requestPresignResultSchema = z.object({
  upload_url: z.string(),
  file_id: fileId,
  storage_path: z.string(),
  contentType: z.string(),
  expires_in: z.number(),
});

export const requestMultipartInitSchema = z.extend(requestPresignSchema, { part_size: z.optional(partSize) });
export type RequestMultipartInit = z.infer<typeof requestMultipartInitSchema>;

export const requestMultipartInitResultSchema = z.object({
  file_id: fileId,
  upload_id: fileId,
  storage_path: z.string(),
  part_size: partSize,
  part_count: z.number(),
  presigned_urls: z.array(presignedPartSchema),
});

const multipartIds = { token, file_id: fileId, upload_id: fileId };
export const requestMultipartUrlsSchema = z.object({ ...multipartIds, part_numbers: partNumbers });
export const requestMultipartUrlsResultSchema = z.object({ presigned_urls: z.array(presignedPartSchema) });
export const requestMultipartPartsSchema = z.object(multipartIds);
export const requestMultipartPartsResultSchema = z.object({
  file_id: fileId,
  upload_id: fileId,
  part_size: partSize,
  part_count: z.number(),
  parts: z.array(storedPartSchema),
});
export const requestMultipartCompleteSchema = z.object({
  ...multipartIds,
  parts: z.array(completedPartSchema).check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS)),
});
export const requestMultipartCompleteResultSchema = z.object({ file_id: fileId, etag: z.string() });
export const requestMultipartAbortSchema = z.object(multipartIds);
export const requestCancelSchema = z.object({ token, file_id: fileId });
export const requestUploadStoppedSchema = z.object({ file_id: fileId, status: z.enum(['aborted', 'cancelled']) });

export const requestCommitSchema = z.object({
  token,
  file_id: fileId,
  etag: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  size: z.optional(byteSize),
});

/** One line of the uploader's receipt. */
export const requestCommitResultSchema = z.object({
  file_id: fileId,
  filename: z.string(),
  storage_path: z.string(),
  size: z.number(),
  mimetype: z.string(),
  committed_at: z.string(),
});
export type RequestCommitResult = z.infer<typeof requestCommitResultSchema>;

/** The uploader's batch is over: its files are reported to the owner's webhook, each once. */
export const requestFinishSchema = z.object({ token });
export const requestFinishResultSchema = z.object({
  /** Files of this batch reported now (none when an earlier call reported them). */
  reported: z.number(),
  webhook: z.boolean(),
});

/** The JSON body the webhook receives. */
export type FileRequestWebhookBody = {
  event: 'file_request.batch_finished';
  delivery_id: string;
  sent_at: string;
  request: { id: string; slug: string; title: string; path: string };
  uploader_name: string | null;
  files: { name: string; path: string; size: number; content_type: string; committed_at: string | null }[];
  total_bytes: number;
};
