// Bucket CORS for browser uploads: a real preflight probe from the app's origin, and the rule
// Clipdock installs (GET PUT POST HEAD DELETE, all headers, ETag exposed), merged with others.
import { GetBucketCorsCommand, PutBucketCorsCommand, type CORSRule, type S3Client } from '@aws-sdk/client-s3';
import type { CheckResult } from './storage-driver';
import { storagePolicy } from '@server/lib/net/address-guard';
import { guardedRequest, headerValue } from '@server/lib/net/guarded-request';
import { isS3Error } from './s3-client';

export async function probeCors(objectUrl: string, origin: string): Promise<CheckResult> {
  const target = new URL(objectUrl);
  target.search = '';
  const response = await guardedRequest(
    target,
    {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      timeoutMs: 10_000,
    },
    storagePolicy,
  );
  const allowed = headerValue(response.headers, 'access-control-allow-origin');
  const ok = response.status >= 200 && response.status < 300;
  if (ok && (allowed === origin || allowed === '*'))
    return {
      ok: true,
      outcome: 'cors-allowed',
      params: { origin },
      message: `preflight for PUT from ${origin} allowed`,
    };
  return {
    ok: false,
    outcome: 'cors-refused',
    params: { origin, status: response.status },
    message: `preflight for PUT from ${origin} refused (HTTP ${response.status}); apply the CORS rule`,
  };
}

export async function applyCorsRule(client: S3Client, bucket: string, origin: string): Promise<void> {
  let existing: CORSRule[] = [];
  try {
    existing = (await client.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules ?? [];
  } catch (error) {
    if (!isS3Error(error, ['NoSuchCORSConfiguration'], [404])) throw error;
  }
  const others = existing.filter((rule) => !(rule.AllowedOrigins ?? []).includes(origin));
  const ours: CORSRule = {
    AllowedOrigins: [origin],
    AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3600,
  };
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [...others, ours] } }));
}
