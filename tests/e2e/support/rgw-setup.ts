// Starts Debian's radosgw (memstore) for the end-to-end run, with the bucket the tests use; the
// gateway itself comes from tests/support/rgw-gateway.ts.
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { s3ClientFor, startGateway } from '@tests/support/rgw-gateway';

export type RgwInfo = { endpoint: string; accessKeyId: string; secretAccessKey: string; bucket: string; dir: string };

export const E2E_BUCKET = 'clipdock-e2e';

export async function startRgw(): Promise<RgwInfo> {
  const gateway = await startGateway({
    store: 'memstore',
    accessKeyId: 'e2ekey',
    secretAccessKey: 'e2esecret',
    label: 'clipdock-e2e-rgw',
  });
  const info = {
    endpoint: gateway.endpoint,
    accessKeyId: gateway.accessKeyId,
    secretAccessKey: gateway.secretAccessKey,
    bucket: E2E_BUCKET,
    dir: gateway.dir,
  };
  const client = s3ClientFor(info);
  await client.send(new CreateBucketCommand({ Bucket: E2E_BUCKET }));
  client.destroy();
  return info;
}
