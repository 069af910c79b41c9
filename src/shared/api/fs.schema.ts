// Wire contract of the mount explorer's file system: paths, entries, listings, uploads, search.
// The same shapes serve /admin/fs and /user/fs.
//
// Paths: absolute explorer paths (`/photos/2024/a.jpg`), the mount path followed by the object's
// key. The server percent-decodes a path once and resolves `.`, `..` and `//`; encoded separators
// (`%2F`, `%5C`), NUL, control characters and paths above `/` are refused. So a literal `%` in a
// path is sent as `%25` (a `%` not followed by two hex digits is also taken as itself). Replies
// write paths that way already: every `path` from a reply can be sent back as it is; `name` is the
// plain name. Folders (also mounts and the virtual folders leading to them) end with `/` in replies.
// Names sent on their own (`fileName`, a form upload's file name) are always literal.
import * as z from 'zod/mini';
import {
  MULTIPART_MAX_PARTS,
  MULTIPART_MAX_PART_BYTES,
  MULTIPART_MIN_PART_BYTES,
  completedPartSchema,
  presignedPartSchema,
} from './upload.schema';

/** Text edits in the explorer carry at most 10 MB. */
export const FS_EDIT_MAX_BYTES = 10 * 1024 * 1024;
/** A search needs at least 2 characters. */
export const FS_SEARCH_MIN_CHARS = 2;
export const FS_SEARCH_DEFAULT_LIMIT = 50;
export const FS_SEARCH_MAX_LIMIT = 200;
/** Matches are counted up to this many; a broad query reports this and `totalCapped`. */
export const FS_SEARCH_COUNT_CAP = 1000;
export const FS_LIST_DEFAULT_LIMIT = 200;
export const FS_LIST_MAX_LIMIT = 1000;
export const FS_BATCH_MAX_PATHS = 1000;
/** Presigned links live at most 7 days (the S3 signature limit). */
export const FS_LINK_MAX_SECONDS = 7 * 24 * 3600;
export const FS_PATH_MAX_LENGTH = 2048;
const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);

export const fsPathSchema = z
  .string()
  .check(
    z.minLength(1, 'path is required'),
    z.maxLength(FS_PATH_MAX_LENGTH, `path has at most ${FS_PATH_MAX_LENGTH} characters`),
  );
/** One file or folder name: no `/`, `\`, control characters, `.` or `..`. */
export const fsNameSchema = z.string().check(
  z.minLength(1, 'name is required'),
  z.maxLength(255, 'name has at most 255 characters'),
  z.refine((name) => new TextEncoder().encode(name).length <= 255, 'name is at most 255 bytes (UTF-8)'),
  z.refine(
    (name) => !/[/\\\u0000-\u001f\u007f]/.test(name) && name !== '.' && name !== '..',
    'name may not contain / or \\ or control characters, nor be . or ..',
  ),
);

const queryBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
  z.transform((value) => value === true || value === 'true' || value === '1'),
);
const byteSize = z.number().check(z.int(), z.nonnegative());
const uploadId = z.string().check(z.minLength(1), z.maxLength(100));

export const fsEntrySchema = z.object({
  name: z.string(),
  path: z.string(),
  isDirectory: z.boolean(),
  /** A mount point; `name` is the mount's name. */
  isMount: z.boolean(),
  /** A folder above every mount that only leads to mounts; nothing in storage. */
  isVirtual: z.boolean(),
  /** Bytes; null for folders (folder sizes are never summed). */
  size: z.nullable(byteSize),
  /** ISO-8601 time of the last change, when storage reports one. */
  modified: z.nullable(z.string()),
  /** The storage ETag without quotes; null for folders, and in listings of the local driver (get has it). */
  etag: z.nullable(z.string()),
  /** The stored type from `get`; in listings and search, guessed from the name. */
  contentType: z.nullable(z.string()),
  mount_id: z.nullable(z.string()),
  storage_type: z.nullable(z.string()),
  /** In listings: a WebDAV lock that covers the entry (changes through the API are refused with 423). */
  lock: z.optional(z.object({ owner: z.string(), expiresAt: z.string() })),
});
export type FsEntry = z.infer<typeof fsEntrySchema>;

export const fsListQuerySchema = z.object({
  path: z._default(fsPathSchema, '/'),
  /** `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(FS_LIST_MAX_LIMIT)), FS_LIST_DEFAULT_LIMIT),
});
export type FsListQuery = z.input<typeof fsListQuerySchema>;

/**
 * One level of a folder. At `/` and above the mounts: the mounts the caller may see and the
 * virtual folders leading to them, in one page. Inside a mount: its entries in storage key order,
 * a page at a time, folders first within each page (a folder that fits one page is listed folders
 * first in full); mounts nested here come first on the first page.
 */
export const fsListingSchema = z.object({
  path: z.string(),
  isRoot: z.boolean(),
  isVirtual: z.boolean(),
  mount_id: z.nullable(z.string()),
  storage_type: z.nullable(z.string()),
  /** Whether the caller may write here (an admin anywhere in a mount; a key not read-only, at or below its base path). */
  canWrite: z.boolean(),
  items: z.array(fsEntrySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
});
export type FsListing = z.infer<typeof fsListingSchema>;

export const fsPathQuerySchema = z.object({ path: fsPathSchema });

/** `get`: the entry plus direct links (presigned, or signed local URLs) valid for the storage's signature lifetime. */
export const fsEntryDetailSchema = z.extend(fsEntrySchema, {
  /** Shown inline where safe; active content (HTML, SVG, XML, JavaScript) always downloads as text. Null for folders. */
  preview_url: z.nullable(z.string()),
  download_url: z.nullable(z.string()),
  canWrite: z.boolean(),
});
export type FsEntryDetail = z.infer<typeof fsEntryDetailSchema>;

export const fsFileLinkQuerySchema = z.object({
  path: fsPathSchema,
  /** Seconds; the storage config's signature lifetime when unset. */
  expires_in: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(FS_LINK_MAX_SECONDS))),
  force_download: z._default(queryBoolean, false),
});
export type FsFileLinkQuery = z.input<typeof fsFileLinkQuerySchema>;

export const fsFileLinkSchema = z.object({
  path: z.string(),
  name: z.string(),
  presignedUrl: z.string(),
  expiresIn: z.number().check(z.int(), z.positive()),
  expiresAt: z.string(),
  forceDownload: z.boolean(),
  mount_id: z.string(),
  storage_type: z.string(),
});
export type FsFileLink = z.infer<typeof fsFileLinkSchema>;

export const fsMkdirRequestSchema = z.object({ path: fsPathSchema });
export type FsMkdirRequest = z.infer<typeof fsMkdirRequestSchema>;

export const fsRemoveResultSchema = z.object({
  path: z.string(),
  /** Objects deleted (a folder's whole tree, its marker included). */
  removed: z.number().check(z.int(), z.nonnegative()),
});
export type FsRemoveResult = z.infer<typeof fsRemoveResultSchema>;

export const fsBatchRemoveRequestSchema = z.object({
  paths: z.array(fsPathSchema).check(z.minLength(1), z.maxLength(FS_BATCH_MAX_PATHS)),
});
export type FsBatchRemoveRequest = z.infer<typeof fsBatchRemoveRequestSchema>;

/** Every path is checked before anything is deleted; what fails afterwards is listed per path. */
export const fsBatchRemoveResultSchema = z.object({
  success: z.number().check(z.int(), z.nonnegative()),
  removed: z.array(z.string()),
  failed: z.array(z.object({ path: z.string(), code: z.string(), error: z.string() })),
});
export type FsBatchRemoveResult = z.infer<typeof fsBatchRemoveResultSchema>;

export const fsRenameRequestSchema = z.object({ oldPath: fsPathSchema, newPath: fsPathSchema });
export type FsRenameRequest = z.infer<typeof fsRenameRequestSchema>;

export const fsRenameResultSchema = z.object({
  oldPath: z.string(),
  newPath: z.string(),
  isDirectory: z.boolean(),
  /** Objects copied to the new name and deleted at the old one. */
  moved: z.number().check(z.int(), z.nonnegative()),
});
export type FsRenameResult = z.infer<typeof fsRenameResultSchema>;

export const fsUpdateRequestSchema = z.object({
  path: fsPathSchema,
  content: z
    .string()
    .check(
      z.refine((text) => new TextEncoder().encode(text).length <= FS_EDIT_MAX_BYTES, 'content is larger than 10 MB'),
    ),
});
export type FsUpdateRequest = z.infer<typeof fsUpdateRequestSchema>;

export const fsUpdateResultSchema = z.object({
  path: z.string(),
  etag: z.string(),
  contentType: z.string(),
  size: byteSize,
  modified: z.string(),
  isNewFile: z.boolean(),
});
export type FsUpdateResult = z.infer<typeof fsUpdateResultSchema>;

/** Where a new file goes: `path` is the folder (it must exist), `fileName` the name in it. */
const uploadTarget = {
  path: fsPathSchema,
  fileName: fsNameSchema,
  /** The stored type; guessed from the name when missing or generic. */
  contentType: z.optional(z.string().check(z.maxLength(255))),
  fileSize: byteSize,
};

export const fsPresignRequestSchema = z.object(uploadTarget);
export type FsPresignRequest = z.infer<typeof fsPresignRequestSchema>;

/** PUT exactly `fileSize` bytes to `uploadUrl` with `Content-Type: contentType`, then commit with `uploadId`. */
export const fsPresignResultSchema = z.object({
  uploadId,
  uploadUrl: z.string().check(z.minLength(1)),
  /** The file's explorer path. */
  path: z.string(),
  contentType: z.string(),
  fileSize: byteSize,
  expiresIn: z.number().check(z.int(), z.positive()),
  mount_id: z.string(),
  storage_type: z.string(),
});
export type FsPresignResult = z.infer<typeof fsPresignResultSchema>;

/** The server knows where the upload went; only the id (and optionally the PUT's ETag, checked) is sent. */
export const fsCommitRequestSchema = z.object({
  uploadId,
  etag: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type FsCommitRequest = z.infer<typeof fsCommitRequestSchema>;

export const fsUploadIdRequestSchema = z.object({ uploadId });
export const fsUploadCancelledSchema = z.object({ uploadId, status: z.literal('cancelled') });

/** `filename` is the product spec's spelling of `fileName` (the app sends fileName); one of them is required. */
export const fsMultipartInitRequestSchema = z.pipe(
  z.object({
    ...uploadTarget,
    fileName: z.optional(fsNameSchema),
    filename: z.optional(fsNameSchema),
    partSize: z.optional(z.number().check(z.int(), z.gte(MULTIPART_MIN_PART_BYTES), z.lte(MULTIPART_MAX_PART_BYTES))),
  }),
  z.transform(({ filename, ...rest }, ctx) => {
    const fileName = rest.fileName ?? filename;
    if (fileName === undefined) {
      ctx.issues.push({ code: 'custom', message: 'fileName is required', input: rest, path: ['fileName'] });
      return z.NEVER;
    }
    return { ...rest, fileName };
  }),
);
export type FsMultipartInitRequest = z.infer<typeof fsMultipartInitRequestSchema>;

/**
 * Part `n` carries `partSize` bytes (the last one the rest). Send each part either straight to
 * its presigned URL (PUT; read the ETag header) or through the server with `multipart/part`.
 */
export const fsMultipartInitResultSchema = z.object({
  uploadId,
  path: z.string(),
  contentType: z.string(),
  fileSize: byteSize,
  partSize: z.number().check(z.int(), z.positive()),
  partCount: z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)),
  presignedUrls: z.array(presignedPartSchema),
  /** Seconds the part URLs stay valid; refresh them with `multipart/urls`. */
  expiresIn: z.number().check(z.int(), z.positive()),
  mount_id: z.string(),
  storage_type: z.string(),
});
export type FsMultipartInitResult = z.infer<typeof fsMultipartInitResultSchema>;

export const fsMultipartUrlsRequestSchema = z.object({
  uploadId,
  partNumbers: z
    .array(z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)))
    .check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS)),
});
export type FsMultipartUrlsRequest = z.infer<typeof fsMultipartUrlsRequestSchema>;
export const fsMultipartUrlsResultSchema = z.object({ presignedUrls: z.array(presignedPartSchema) });

/** `multipart/part` query; the body is the part's raw bytes with an exact Content-Length. */
export const fsMultipartPartQuerySchema = z.object({
  uploadId,
  partNumber: z.coerce.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)),
  /** Accepted for compatibility; the plan from init decides which part is last. */
  isLastPart: z.optional(queryBoolean),
});
export type FsMultipartPartQuery = z.input<typeof fsMultipartPartQuerySchema>;
export const fsMultipartPartResultSchema = z.object({ partNumber: z.number().check(z.int()), etag: z.string() });

/**
 * What the product spec's client sends back from init along with the upload's id; the upload
 * already holds them, so they are taken and not used (the app sends uploadId alone).
 */
const multipartEchoes = {
  path: z.optional(z.string()),
  key: z.optional(z.string()),
  contentType: z.optional(z.string()),
  fileSize: z.optional(z.number()),
};

export const fsMultipartCompleteRequestSchema = z.object({
  uploadId,
  parts: z.array(completedPartSchema).check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS)),
  ...multipartEchoes,
});
export type FsMultipartCompleteRequest = z.infer<typeof fsMultipartCompleteRequestSchema>;

export const fsMultipartAbortRequestSchema = z.object({
  uploadId,
  path: multipartEchoes.path,
  key: multipartEchoes.key,
});
export const fsMultipartAbortResultSchema = z.object({ uploadId, status: z.literal('aborted') });

export const fsSearchScopes = ['global', 'mount', 'directory'] as const;

export const fsSearchQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(FS_SEARCH_MIN_CHARS, `q needs at least ${FS_SEARCH_MIN_CHARS} characters`),
      z.maxLength(200),
    ),
  /** `global`: every mount the caller sees; `mount`: `mount_id`; `directory`: at and below `path`. */
  scope: z._default(z.enum(fsSearchScopes), 'global'),
  /** Empty (`mount_id=`, as the spec's client sends it) is the same as absent. */
  mount_id: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(z.string().check(z.minLength(1))))),
  path: z.optional(z.pipe(z.transform(emptyIsUnset), z.optional(fsPathSchema))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(FS_SEARCH_MAX_LIMIT)), FS_SEARCH_DEFAULT_LIMIT),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
});
export type FsSearchQuery = z.input<typeof fsSearchQuerySchema>;

export const fsSearchHitSchema = z.extend(fsEntrySchema, { mount_name: z.string() });
export type FsSearchHit = z.infer<typeof fsSearchHitSchema>;

/** Exact name matches first, then names starting with `q`, then the newest. */
export const fsSearchResultSchema = z.object({
  results: z.array(fsSearchHitSchema),
  /** Matches in all; past FS_SEARCH_COUNT_CAP (1,000) only a lower bound (see totalCapped). */
  total: z.number().check(z.int(), z.nonnegative()),
  /** More matched than the count went: `total` is a lower bound; page on while `hasMore`. */
  totalCapped: z.boolean(),
  /** Another page follows this one. */
  hasMore: z.boolean(),
  limit: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  mountsSearched: z.number().check(z.int(), z.nonnegative()),
});
export type FsSearchResult = z.infer<typeof fsSearchResultSchema>;

export const fsRefreshRequestSchema = z.object({ mount_id: z.string().check(z.minLength(1, 'mount_id is required')) });
export type FsRefreshRequest = z.infer<typeof fsRefreshRequestSchema>;

export const fsRefreshResultSchema = z.object({
  mount_id: z.string(),
  /** Entries (files and folders) the index holds for the mount now. */
  indexed: z.number().check(z.int(), z.nonnegative()),
  /** Entries dropped because storage no longer has them. */
  removed: z.number().check(z.int(), z.nonnegative()),
  last_refresh_at: z.string(),
});
export type FsRefreshResult = z.infer<typeof fsRefreshResultSchema>;
