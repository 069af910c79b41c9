// Builds the AWS SDK client for one S3-compatible config. Checksums only when an operation
// requires them: several S3-compatible servers (and presigned browser PUTs) break otherwise.
// Connections go through the address guard, so no endpoint reaches a metadata or link-local address.
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { guardedAgents, storagePolicy } from '@server/lib/net/address-guard';

export type S3Settings = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export function createS3Client(settings: S3Settings): S3Client {
  const agents = guardedAgents(storagePolicy, { keepAlive: true, maxSockets: 50 });
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 10_000,
      requestTimeout: 60_000,
      httpAgent: agents.http,
      httpsAgent: agents.https,
    },
  });
}

/** True for S3 errors with one of the given codes or HTTP statuses. */
export function isS3Error(error: unknown, names: readonly string[], statuses: readonly number[] = []): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return names.includes(error.name) || (status !== undefined && statuses.includes(status));
}
