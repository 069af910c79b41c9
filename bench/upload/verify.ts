// Checks an uploaded object: HEAD for size and ETag (cheap, every time) and, when asked, a full
// download hashed with SHA-256 and compared with the hash taken when the file was written.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';

export type Expected = { size: number; sha256: string; etag?: string };

export async function verifyObject(
  client: S3Client,
  bucket: string,
  key: string,
  expected: Expected,
  download: boolean,
): Promise<string> {
  const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  if (head.ContentLength !== expected.size)
    throw new Error(`${key}: size ${head.ContentLength} instead of ${expected.size}`);
  if (expected.etag !== undefined && head.ETag !== expected.etag)
    throw new Error(`${key}: ETag ${head.ETag} instead of ${expected.etag}`);
  if (!download) return 'size + ETag';
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!(object.Body instanceof Readable)) throw new Error(`${key}: no body stream`);
  const hash = createHash('sha256');
  await pipeline(object.Body, hash);
  const actual = hash.digest('hex');
  if (actual !== expected.sha256) throw new Error(`${key}: SHA-256 ${actual} instead of ${expected.sha256}`);
  return 'size + ETag + SHA-256';
}
