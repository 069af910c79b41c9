// Puts a stream of unknown length into S3 holding at most one part in memory: a small body
// becomes one PutObject, a larger one a multipart upload of fixed-size parts (aborted on error).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { cutParts } from '@server/lib/byte-stream';

const partBytes = 8 * 1024 * 1024;

export async function uploadStream(
  client: S3Client,
  bucket: string,
  key: string,
  body: Readable,
  contentType: string,
): Promise<{ etag: string; size: number }> {
  const chunks = cutParts(body, partBytes);
  const first = await chunks.next();
  const firstPart = first.done === true ? Buffer.alloc(0) : first.value;
  if (firstPart.length < partBytes) {
    const put = await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: firstPart,
        ContentType: contentType,
        ContentLength: firstPart.length,
      }),
    );
    return { etag: put.ETag ?? '', size: firstPart.length };
  }
  const created = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
  );
  const uploadId = created.UploadId ?? '';
  const parts: Array<{ PartNumber: number; ETag: string }> = [];
  let size = 0;
  try {
    for (let part: Buffer | undefined = firstPart; part !== undefined; ) {
      const sent = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: parts.length + 1,
          Body: part,
          ContentLength: part.length,
        }),
      );
      parts.push({ PartNumber: parts.length + 1, ETag: sent.ETag ?? '' });
      size += part.length;
      const next = await chunks.next();
      part = next.done === true ? undefined : next.value;
    }
    const done = await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    return { etag: done.ETag ?? '', size };
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
      .catch(() => undefined);
    throw error;
  }
}
