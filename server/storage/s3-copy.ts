// Server-side copies on S3: one CopyObject up to its 5 GiB limit, above it a multipart upload
// whose parts are UploadPartCopy ranges of the source (nothing passes through the server). A copy
// that fails part-way aborts its multipart upload, so no half-written object is left behind.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  UploadPartCopyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/** The largest object one CopyObject may copy. */
export const COPY_OBJECT_MAX_BYTES = 5 * 1024 ** 3;
/** Parts of a large copy: 512 MiB, more when the object would need over 10,000 parts. */
const copyPartBytes = 512 * 1024 ** 2;
const maxParts = 10_000;
const partConcurrency = 4;

export type S3CopyOptions = { size?: number; singleCopyMaxBytes?: number; partBytes?: number };

export async function copyObject(
  client: S3Client,
  bucket: string,
  fromKey: string,
  toKey: string,
  options: S3CopyOptions = {},
): Promise<void> {
  const source = `${bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
  const singleMax = options.singleCopyMaxBytes ?? COPY_OBJECT_MAX_BYTES;
  if (options.size !== undefined && options.size <= singleMax) {
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: source }));
    return;
  }
  const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fromKey }));
  const size = head.ContentLength ?? 0;
  if (size <= singleMax) {
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: source }));
    return;
  }
  const partBytes = Math.max(options.partBytes ?? copyPartBytes, Math.ceil(size / maxParts));
  const created = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: toKey, ContentType: head.ContentType }),
  );
  const uploadId = created.UploadId;
  if (uploadId === undefined) throw new Error('storage returned no upload id');
  try {
    const count = Math.ceil(size / partBytes);
    const parts: { PartNumber: number; ETag: string }[] = [];
    for (let first = 1; first <= count; first += partConcurrency) {
      const numbers = Array.from({ length: Math.min(partConcurrency, count - first + 1) }, (_, i) => first + i);
      parts.push(
        ...(await Promise.all(
          numbers.map(async (PartNumber) => {
            const start = (PartNumber - 1) * partBytes;
            const end = Math.min(size, start + partBytes) - 1;
            const copied = await client.send(
              new UploadPartCopyCommand({
                Bucket: bucket,
                Key: toKey,
                UploadId: uploadId,
                PartNumber,
                CopySource: source,
                CopySourceRange: `bytes=${start}-${end}`,
              }),
            );
            const etag = copied.CopyPartResult?.ETag;
            if (etag === undefined) throw new Error(`storage returned no ETag for copied part ${PartNumber}`);
            return { PartNumber, ETag: etag };
          }),
        )),
      );
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: toKey,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: toKey, UploadId: uploadId }))
      .catch(() => undefined);
    throw error;
  }
}
