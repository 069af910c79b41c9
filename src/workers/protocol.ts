// What crosses the worker boundary: jobs in, progress and plain results out. Custom error
// classes do not survive Comlink, so every outcome is a tagged object, parsed on both sides.
import type { CopyWorkerApi } from './copy-protocol';
import * as z from 'zod/mini';
import {
  commitResponseSchema,
  uploadErrorCodeSchema,
  uploadShareOptionsSchema,
  uploadStageSchema,
} from '@shared/api/upload.schema';
import { fetchableUrlSchema } from '@shared/api/url-upload.schema';
import { e2eeFileHeaderSchema } from '@shared/e2ee/share';
import { errorCodeSchema } from '@shared/errors';
import type { Credentials } from '@shared/http/api-client';
import type { BasketWorkerApi } from './basket-protocol';
import type { FsTransferWorkerApi } from './fs-protocol';
import type { RequestTransferWorkerApi } from './request-protocol';
import type { TakeFrame } from './url-thumbnails';

export const credentialsSchema = z.discriminatedUnion('scheme', [
  z.object({ scheme: z.literal('admin'), token: z.string().check(z.minLength(1)) }),
  z.object({ scheme: z.literal('apikey'), key: z.string().check(z.minLength(1)) }),
]) satisfies z.ZodMiniType<Credentials>;

/** How the worker reaches the API: base URL (for example `/api`) and the signed-in credentials. */
export const transferConnectionSchema = z.object({
  baseUrl: z.string().check(z.minLength(1)),
  credentials: z.nullable(credentialsSchema),
});
export type TransferConnection = z.infer<typeof transferConnectionSchema>;

/** Seal the file end to end (docs/encryption.md): the share's secret (base64url) and its header. */
export const sealWithSchema = z.object({
  secret: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  header: e2eeFileHeaderSchema,
});

const blob = z.custom<Blob>((value) => value instanceof Blob, 'must be a Blob');
/** A video's thumbnails, made in the page (video-poster.ts) before the job goes to the worker. */
export const posterSchema = z.object({ tile: blob, large: blob });

export const uploadJobSchema = z.extend(uploadShareOptionsSchema, {
  /** Chosen by the caller; `cancel(id)` refers to it. */
  id: z.string().check(z.minLength(1)),
  file: z.custom<Blob>((value) => value instanceof Blob, 'file must be a Blob'),
  filename: z.string().check(z.minLength(1)),
  /** Defaults to the browser-reported type, text/markdown for Markdown names, else octet-stream. */
  mimetype: z.optional(z.string().check(z.minLength(1))),
  /** A multipart upload of this file that a reload interrupted: only the parts storage lacks are sent. */
  resume: z.optional(
    z.object({ fileId: z.string().check(z.minLength(1)), uploadId: z.string().check(z.minLength(1)) }),
  ),
  e2ee: z.optional(sealWithSchema),
  poster: z.optional(posterSchema),
});
export type UploadJob = z.infer<typeof uploadJobSchema>;

/** An upload from a URL: the worker downloads it, directly or through the server's proxy, straight into a multipart upload. */
export const urlUploadJobSchema = z.extend(uploadShareOptionsSchema, {
  id: z.string().check(z.minLength(1)),
  url: fetchableUrlSchema,
  filename: z.string().check(z.minLength(1)),
  mimetype: z.string().check(z.minLength(1)),
  /** As the URL announced it (url/info); the parts are planned from it and the download must match. */
  size: z.number().check(z.int(), z.nonnegative()),
  e2ee: z.optional(sealWithSchema),
});
export type UrlUploadJob = z.infer<typeof urlUploadJobSchema>;

/** Where a URL upload's bytes come from: the browser's own fetch, or the server's proxy after a network or CORS failure. */
export const downloadSourceSchema = z.enum(['direct', 'proxy']);
export type DownloadSource = z.infer<typeof downloadSourceSchema>;

export const transferProgressSchema = z.object({
  loaded: z.number().check(z.nonnegative()),
  total: z.number().check(z.nonnegative()),
  /** 0-99 while work remains; 100 only once the upload is committed. */
  percent: z.number().check(z.gte(0), z.lte(100)),
  bytesPerSecond: z.number().check(z.nonnegative()),
  secondsLeft: z.nullable(z.number().check(z.nonnegative())),
  stage: uploadStageSchema,
  /** URL uploads only. */
  source: z.optional(downloadSourceSchema),
});
export type TransferProgress = z.infer<typeof transferProgressSchema>;
export type ProgressCallback = (progress: TransferProgress) => void;

export const uploadSuccessSchema = z.object({
  ok: z.literal(true),
  fileId: z.string(),
  slug: z.string(),
  etag: z.string(),
  share: commitResponseSchema,
});
export type UploadSuccess = z.infer<typeof uploadSuccessSchema>;

export const transferFailureSchema = z.object({
  ok: z.literal(false),
  code: uploadErrorCodeSchema,
  /** English fallback or the server's message; the UI shows a translation of `code`. */
  message: z.string(),
  retryable: z.boolean(),
  status: z.optional(z.number().check(z.int())),
  /** The server's ErrorCode when an API call failed; TOKEN_EXPIRED or API_KEY_INVALID end the session on the page. */
  errorCode: z.optional(errorCodeSchema),
  partNumber: z.optional(z.number().check(z.int())),
});
export type TransferFailure = z.infer<typeof transferFailureSchema>;

export const uploadResultSchema = z.discriminatedUnion('ok', [uploadSuccessSchema, transferFailureSchema]);
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Told once a multipart upload exists on the server, so the page can resume it after a reload. */
export const multipartStartedSchema = z.object({
  fileId: z.string().check(z.minLength(1)),
  uploadId: z.string().check(z.minLength(1)),
});
export type MultipartStarted = z.infer<typeof multipartStartedSchema>;
export type StartedCallback = (started: MultipartStarted) => void;

/** The methods `transfer.worker.ts` exposes; uploads into mount folders come from fs-protocol.ts, copies from copy-protocol.ts, the basket's ZIP from basket-protocol.ts. */
export type TransferWorkerApi = FsTransferWorkerApi &
  RequestTransferWorkerApi &
  CopyWorkerApi &
  BasketWorkerApi & {
    configure(connection: TransferConnection): void;
    upload(job: UploadJob, onProgress?: ProgressCallback, onStarted?: StartedCallback): Promise<UploadResult>;
    /** `takeFrame`: the page's, for a video it can play: a frame near its start, for its thumbnails. */
    uploadFromUrl(job: UrlUploadJob, onProgress?: ProgressCallback, takeFrame?: TakeFrame): Promise<UploadResult>;
    /** True when an upload with that id was running, or had just finished and is now withdrawn. */
    cancel(id: string): boolean;
  };
