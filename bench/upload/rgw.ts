// The benchmark's private radosgw (bluestore, so 1 GiB objects do not sit in RAM) and a
// warmed-up bucket on it; the gateway itself comes from tests/support/rgw-gateway.ts.
import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { s3ClientFor, startGateway, type Gateway } from '@tests/support/rgw-gateway';

export type Rgw = Gateway;

export function startRgw(): Promise<Rgw> {
  return startGateway({
    store: 'bluestore',
    accessKeyId: `bench${randomBytes(6).toString('hex')}`,
    secretAccessKey: randomBytes(20).toString('hex'),
    label: 'clipdock-bench-rgw',
  });
}

export async function createBucket(client: S3Client): Promise<string> {
  const bucket = `clipdock-bench-${randomBytes(4).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

/** The first PUT and the first multipart upload create pools (seconds each); do both before timing. */
export async function warmUp(client: S3Client, bucket: string): Promise<void> {
  const Key = 'warm-up';
  await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: randomBytes(1024) }));
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
  await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
}

export type BenchStorage = { rgw: Rgw; client: S3Client; bucket: string };

/** Starts the gateway, creates a warmed-up bucket, and registers the clean-up of both. */
export async function startBenchStorage(register: (step: () => Promise<void>) => void): Promise<BenchStorage> {
  const rgw = await startRgw();
  register(rgw.stop);
  const client = s3ClientFor(rgw);
  register(async () => client.destroy());
  const bucket = await createBucket(client);
  await warmUp(client, bucket);
  return { rgw, client, bucket };
}
