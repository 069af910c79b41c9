// The baseline: one presigned PUT of the whole file with curl, straight into the same bucket,
// timed from curl's start to its exit.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const run = promisify(execFile);

export type RawPut = { seconds: number; key: string };

export async function rawPut(client: S3Client, bucket: string, path: string, key: string): Promise<RawPut> {
  const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 3600 });
  const started = performance.now();
  const { stdout } = await run('curl', ['-sS', '-T', path, '-o', '/dev/null', '-w', '%{http_code}', url], {
    timeout: 600_000,
  });
  const seconds = (performance.now() - started) / 1000;
  if (stdout.trim() !== '200') throw new Error(`raw PUT answered HTTP ${stdout.trim()}`);
  return { seconds, key };
}
