// A real S3-compatible server for the storage tests: Debian's radosgw, started once per test
// run by global-setup.ts. Each test file makes its own bucket through these helpers.
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { s3ClientFor } from '@tests/support/rgw-gateway';

export type RgwInfo = { endpoint: string; accessKeyId: string; secretAccessKey: string };

declare module 'vitest' {
  export interface ProvidedContext {
    rgw: RgwInfo;
  }
}

export function rgwInfo(): RgwInfo {
  return inject('rgw');
}

export function rgwClient(info: RgwInfo = rgwInfo()): S3Client {
  return s3ClientFor(info);
}

/** A fresh bucket with a unique name (3..63 characters, lower case). */
export async function createTestBucket(label: string): Promise<string> {
  const bucket = `${label
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 40)}-${randomBytes(6).toString('hex')}`;
  const client = rgwClient();
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return bucket;
}
