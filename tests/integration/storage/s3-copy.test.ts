// Server-side copies on radosgw: CopyObject below the single-copy limit, UploadPartCopy ranges
// above it (the limit and part size lowered here so a few MiB exercise the 5 GiB path), and a
// failed large copy leaves no multipart upload behind.
import { GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyObject } from '@server/storage/s3-copy';
import { createTestBucket, rgwClient } from '@tests/integration/support/rgw';
import { randomBytesOf, sha256 } from './storage-harness';

const MiB = 1024 * 1024;

describe('S3 copies inside one bucket', () => {
  const client = rgwClient();
  let bucket: string;
  const source = randomBytesOf(12 * MiB + 5, 9);
  beforeAll(async () => {
    bucket = await createTestBucket('clipdock-copy');
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'src/large file.bin',
        Body: source,
        ContentType: 'application/x-test',
      }),
    );
  });

  const bytesOf = async (key: string) =>
    Buffer.from(
      await ((await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToByteArray() ??
        Promise.resolve(new Uint8Array())),
    );

  it('copies with one CopyObject up to the limit', async () => {
    await copyObject(client, bucket, 'src/large file.bin', 'dst/single.bin', { size: source.length });
    expect(sha256(await bytesOf('dst/single.bin'))).toBe(sha256(source));
  });

  it('copies in UploadPartCopy ranges above the limit, keeping the type', async () => {
    await copyObject(client, bucket, 'src/large file.bin', 'dst/parts.bin', {
      singleCopyMaxBytes: MiB,
      partBytes: 5 * MiB,
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'dst/parts.bin' }));
    expect(head.ETag).toMatch(/-3"$/);
    expect(head.ContentType).toBe('application/x-test');
    expect(sha256(await bytesOf('dst/parts.bin'))).toBe(sha256(source));
  });

  it('aborts the multipart upload when a part copy fails', async () => {
    // Parts below the 5 MiB minimum: storage refuses to complete, and the upload must go.
    await expect(
      copyObject(client, bucket, 'src/large file.bin', 'dst/broken.bin', { singleCopyMaxBytes: MiB, partBytes: MiB }),
    ).rejects.toThrow();
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    expect(uploads.Uploads ?? []).toEqual([]);
    await expect(client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'dst/broken.bin' }))).rejects.toThrow();
  });
});
