// The one interface every storage backend implements. Services only see this, so the browser
// flows (presign → PUT → commit, multipart) work the same on S3 and on the local folder.
import type { Readable } from 'node:stream';
import type { ProbeOutcome } from '@shared/api/storage-config.schema';

export type DriverKind = 'local' | 's3';

/** Inclusive byte range, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type ObjectHead = { size: number; etag: string; contentType: string | null; lastModified: Date | null };

export type ObjectBody = {
  body: Readable;
  /** Bytes in `body` (the range length for a ranged read). */
  contentLength: number;
  totalSize: number;
  range: ByteRange | null;
  etag: string;
  contentType: string | null;
};

export type ListedObject = { key: string; size: number; etag: string | null; lastModified: Date | null };
export type ListPage = { objects: ListedObject[]; prefixes: string[]; nextToken: string | null };
export type ListOptions = { delimiter?: string; token?: string | null; limit?: number };

/** `contentLength` is signed into the link: storage refuses a body of any other length. */
export type PresignPutOptions = { expiresIn: number; contentType: string; contentLength: number };
export type PresignPartOptions = { expiresIn: number; contentLength: number };
export type PresignGetOptions = {
  expiresIn: number;
  contentType?: string;
  contentDisposition?: string;
  /** The Cache-Control the storage answers with (S3 only). */
  cacheControl?: string;
  /** Signs as of this time (ms) rather than now, so the same link comes back for a while (S3 only). */
  signedAt?: number;
};

export type UploadedPart = { partNumber: number; etag: string };
export type ListedPart = UploadedPart & { size: number };

/** A probe's result: whether it passed, what it found (a shared ProbeOutcome) and the English for API users. */
export type CheckResult = { ok: boolean; outcome: ProbeOutcome; params?: ProbeParams; message: string };
export type ProbeParams = { count?: number; status?: number; origin?: string; error?: string };

export interface StorageDriver {
  readonly kind: DriverKind;
  /** URLs are absolute for S3 and origin-relative (`/api/blob/...`) for the local driver. */
  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  presignGet(key: string, options: PresignGetOptions): Promise<string>;

  createMultipart(key: string, contentType: string): Promise<string>;
  presignPart(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string>;
  /** Assembles the parts in order and returns the object's quoted ETag. */
  completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<string>;
  /** Succeeds when the upload is already gone. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** Throws StorageError 'not-found' when the upload does not exist. */
  listParts(key: string, uploadId: string): Promise<ListedPart[]>;
  /** Stores one part sent through the server; `body` must carry exactly `contentLength` bytes. Returns its ETag. */
  putPart(key: string, uploadId: string, partNumber: number, body: Readable, contentLength: number): Promise<string>;

  putObject(key: string, body: Readable, contentType: string): Promise<{ etag: string; size: number }>;
  /** Throws StorageError 'not-found' or 'bad-range'. */
  getObject(key: string, range?: ByteRange): Promise<ObjectBody>;
  head(key: string): Promise<ObjectHead | null>;
  /**
   * One page of keys under `prefix`, in key order, after `token`. With delimiter `/`, folders
   * below come back once each in `prefixes`; without one, every object (folder markers too).
   */
  list(prefix: string, options?: ListOptions): Promise<ListPage>;
  /** Inside storage; `size`, when the caller knows it, saves a HEAD. Large S3 objects go in UploadPartCopy parts. */
  copy(fromKey: string, toKey: string, size?: number): Promise<void>;
  /** Missing keys are not an error. Sent in batches of at most 1,000. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /**
   * Moves one file inside storage in one atomic step, where the backend has one (the local
   * driver's rename); absent where a move is a copy then a delete. Fails when `toKey` is a folder.
   */
  rename?(fromKey: string, toKey: string): Promise<void>;
  /** Whether a browser on `origin` may PUT to presigned URLs. */
  checkCors(origin: string): Promise<CheckResult>;
  /** Installs the bucket CORS rule that browser uploads need; a no-op where not meaningful. */
  applyCors(origin: string): Promise<void>;
}

export type StorageErrorKind = 'not-found' | 'bad-range' | 'bad-key' | 'bad-part' | 'conflict';

export class StorageError extends Error {
  readonly kind: StorageErrorKind;

  constructor(kind: StorageErrorKind, message: string) {
    super(message);
    this.name = 'StorageError';
    this.kind = kind;
  }
}

export const deleteBatchSize = 1000;

export function batches<T>(items: readonly T[], size = deleteBatchSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** S3 returns ETags quoted; compare them without the quotes. */
export function bareEtag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"+|"+$/g, '');
}
