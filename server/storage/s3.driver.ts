// Any S3-compatible service through the AWS SDK v3: presigned PUT/GET/UploadPart for the
// browser, and server-side operations (HEAD, ranged GET, paged list, copy, batched delete).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { copyObject } from './s3-copy';
import { applyCorsRule, probeCors } from './s3-cors';
import { createS3Client, isS3Error, type S3ClientOptions, type S3Settings } from './s3-client';
import { uploadStream } from './s3-stream-upload';
import {
  batches,
  StorageError,
  type ByteRange,
  type CheckResult,
  type ListedPart,
  type ListOptions,
  type ListPage,
  type ObjectBody,
  type ObjectHead,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type StorageDriver,
  type UploadedPart,
} from './storage-driver';

const notFoundNames = ['NotFound', 'NoSuchKey'];

export class S3Driver implements StorageDriver {
  readonly kind = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(
    settings: S3Settings,
    private readonly now: () => number = Date.now,
    options: S3ClientOptions = {},
  ) {
    this.#client = createS3Client(settings, options);
    this.#bucket = settings.bucket;
  }

  /** Content-Length is a signed header, so the service refuses a body of any other length. */
  presignPut(key: string, { expiresIn, contentType, contentLength }: PresignPutOptions): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.#bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: contentLength,
    });
    return getSignedUrl(this.#client, command, this.#signing(expiresIn));
  }

  presignGet(
    key: string,
    { expiresIn, contentType, contentDisposition, cacheControl, signedAt }: PresignGetOptions,
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: key,
      ResponseContentType: contentType,
      ResponseContentDisposition: contentDisposition,
      ResponseCacheControl: cacheControl,
    });
    const signing = this.#signing(expiresIn);
    return getSignedUrl(
      this.#client,
      command,
      signedAt === undefined ? signing : { ...signing, signingDate: new Date(signedAt) },
    );
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    const created = await this.#client.send(
      new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: key, ContentType: contentType }),
    );
    if (created.UploadId === undefined) throw new Error('storage returned no upload id');
    return created.UploadId;
  }

  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    { expiresIn, contentLength }: PresignPartOptions,
  ): Promise<string> {
    const command = new UploadPartCommand({
      Bucket: this.#bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      ContentLength: contentLength,
    });
    return getSignedUrl(this.#client, command, this.#signing(expiresIn));
  }

  async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<string> {
    try {
      const done = await this.#client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
      if (done.ETag !== undefined && done.ETag !== '') return done.ETag;
      return (await this.head(key))?.etag ?? '';
    } catch (error) {
      if (isS3Error(error, ['NoSuchUpload'])) throw new StorageError('not-found', 'no such multipart upload');
      if (isS3Error(error, ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall']))
        throw new StorageError('bad-part', error instanceof Error ? error.message : 'invalid part list');
      throw error;
    }
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.#client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!isS3Error(error, ['NoSuchUpload'], [404])) throw error;
    }
  }

  async listParts(key: string, uploadId: string): Promise<ListedPart[]> {
    const parts: ListedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.#client.send(
          new ListPartsCommand({ Bucket: this.#bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? [])
          parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
        marker = page.IsTruncated === true ? page.NextPartNumberMarker : undefined;
      } while (marker !== undefined);
    } catch (error) {
      if (isS3Error(error, ['NoSuchUpload'], [404])) throw new StorageError('not-found', 'no such multipart upload');
      throw error;
    }
    return parts;
  }

  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    contentLength: number,
  ): Promise<string> {
    try {
      const sent = await this.#client.send(
        new UploadPartCommand({
          Bucket: this.#bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: body,
          ContentLength: contentLength,
        }),
      );
      return sent.ETag ?? '';
    } catch (error) {
      if (isS3Error(error, ['NoSuchUpload'], [404])) throw new StorageError('not-found', 'no such multipart upload');
      throw error;
    }
  }

  putObject(key: string, body: Readable, contentType: string): Promise<{ etag: string; size: number }> {
    return uploadStream(this.#client, this.#bucket, key, body, contentType);
  }

  async getObject(key: string, range?: ByteRange): Promise<ObjectBody> {
    try {
      const got = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: range === undefined ? undefined : `bytes=${range.start}-${range.end}`,
        }),
      );
      if (!(got.Body instanceof Readable)) throw new Error('storage returned no body stream');
      const contentLength = got.ContentLength ?? 0;
      const total = /\/(\d+)$/.exec(got.ContentRange ?? '')?.[1];
      return {
        body: got.Body,
        contentLength,
        totalSize: total === undefined ? contentLength : Number(total),
        range: range ?? null,
        etag: got.ETag ?? '',
        contentType: got.ContentType ?? null,
      };
    } catch (error) {
      if (isS3Error(error, notFoundNames, [404])) throw new StorageError('not-found', 'no such object');
      if (isS3Error(error, ['InvalidRange'], [416])) throw new StorageError('bad-range', 'range not satisfiable');
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? '',
        contentType: head.ContentType ?? null,
        lastModified: head.LastModified ?? null,
      };
    } catch (error) {
      if (isS3Error(error, notFoundNames, [404])) return null;
      throw error;
    }
  }

  async list(prefix: string, { delimiter, token = null, limit = 1000 }: ListOptions = {}): Promise<ListPage> {
    const page = await this.#client.send(
      new ListObjectsV2Command({
        Bucket: this.#bucket,
        Prefix: prefix,
        Delimiter: delimiter,
        ContinuationToken: token ?? undefined,
        MaxKeys: limit,
      }),
    );
    return {
      objects: (page.Contents ?? []).map((item) => ({
        key: item.Key ?? '',
        size: item.Size ?? 0,
        etag: item.ETag ?? null,
        lastModified: item.LastModified ?? null,
      })),
      prefixes: (page.CommonPrefixes ?? []).map((item) => item.Prefix ?? ''),
      nextToken: page.IsTruncated === true ? (page.NextContinuationToken ?? null) : null,
    };
  }

  /** CopyObject, or UploadPartCopy ranges above 5 GiB (see s3-copy.ts). */
  copy(fromKey: string, toKey: string, size?: number): Promise<void> {
    return copyObject(this.#client, this.#bucket, fromKey, toKey, size === undefined ? {} : { size });
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const batch of batches(keys)) {
      const result = await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors?.[0];
      if (failed !== undefined)
        throw new Error(`delete failed for ${result.Errors?.length ?? 0} objects: ${failed.Code ?? 'unknown'}`);
    }
  }

  async checkCors(origin: string): Promise<CheckResult> {
    return probeCors(
      await this.presignPut('__clipdock-cors-probe', { expiresIn: 60, contentType: 'text/plain', contentLength: 0 }),
      origin,
    );
  }

  applyCors(origin: string): Promise<void> {
    return applyCorsRule(this.#client, this.#bucket, origin);
  }

  /** Signed at the injected clock's time, so link lifetimes follow the server's clock. */
  #signing(expiresIn: number): { expiresIn: number; signingDate: Date } {
    return { expiresIn, signingDate: new Date(this.now()) };
  }
}
