// Wire contract of uploads from a URL: the server describes the URL without reading
// its body (`url/info`), streams it when the browser cannot fetch it itself (`url/proxy`), and the
// storage steps are the device upload's own shapes under /url/.
import * as z from 'zod/mini';
import { presignRequestSchema } from './upload.schema';

export const URL_MAX_LENGTH = 2048;

function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** An absolute http or https URL; where it may point is the server's address guard's call. */
export const fetchableUrlSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'url is required'),
    z.maxLength(URL_MAX_LENGTH, `url may be at most ${URL_MAX_LENGTH} characters`),
    z.refine(isHttpUrl, 'url must be an absolute http or https URL'),
  );

export const urlInfoRequestSchema = z.object({ url: fetchableUrlSchema });
export type UrlInfoRequest = z.infer<typeof urlInfoRequestSchema>;

export const urlInfoResponseSchema = z.object({
  url: z.string(),
  /** From Content-Disposition, else the URL's last path segment, else the host. */
  filename: z.string().check(z.minLength(1)),
  contentType: z.string().check(z.minLength(1)),
  /** Null when the answer did not say; such a URL cannot be uploaded (its parts could not be planned). */
  size: z.nullable(z.number().check(z.int(), z.nonnegative())),
  lastModified: z.nullable(z.string()),
  /** The answer allows the app's origin to read it, so the browser may fetch it directly. */
  corsSupported: z.boolean(),
});
export type UrlInfo = z.infer<typeof urlInfoResponseSchema>;

export const urlProxyQuerySchema = z.object({ url: fetchableUrlSchema });
export type UrlProxyQuery = z.infer<typeof urlProxyQuerySchema>;

/**
 * POST /url/presign. The app sends /s3/presign's own fields (filename, mimetype, size); the
 * product spec's client sends `url`, the `metadata` url/info answered, `filename` and `remark`.
 * Both are taken: a missing type or size comes from `metadata`; `remark` becomes the share's.
 */
export const urlPresignRequestSchema = z.pipe(
  z.object({
    ...presignRequestSchema.shape,
    filename: z.optional(z.string().check(z.minLength(1))),
    mimetype: z.optional(z.string().check(z.minLength(1))),
    size: z.optional(z.number().check(z.int(), z.nonnegative())),
    /** The source URL, as url/info was asked about it (for the record; the browser sends the bytes). */
    url: z.optional(z.string().check(z.maxLength(URL_MAX_LENGTH))),
    metadata: z.optional(
      z.looseObject({
        filename: z.optional(z.string()),
        contentType: z.optional(z.string()),
        size: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
      }),
    ),
  }),
  z.transform(({ url: _url, metadata, ...input }, ctx) => {
    const filename = input.filename ?? metadata?.filename;
    const size = input.size ?? metadata?.size ?? undefined;
    if (filename === undefined || filename === '')
      ctx.issues.push({ code: 'custom', message: 'filename is required', input, path: ['filename'] });
    if (size === undefined)
      ctx.issues.push({ code: 'custom', message: 'size (or metadata.size) is required', input, path: ['size'] });
    if (filename === undefined || filename === '' || size === undefined) return z.NEVER;
    const mimetype = input.mimetype ?? (metadata?.contentType || undefined) ?? 'application/octet-stream';
    return { ...input, filename, size, mimetype };
  }),
);
export type UrlPresignRequest = z.output<typeof urlPresignRequestSchema>;
