// Builds the AWS SDK client for one S3-compatible config. Checksums only when an operation
// requires them: several S3-compatible servers (and presigned browser PUTs) break otherwise.
// Connections go through the address guard, so no endpoint reaches a metadata or link-local address.
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Logger } from '@server/lib/logger';
import { guardedAgents, storagePolicy } from '@server/lib/net/address-guard';

/**
 * How long a storage request may go without a byte moving either way (and how long connecting may
 * take) before it fails as a 502: a storage that stopped answering is reported in seconds, not
 * after minutes. An idle limit, not a total one, so a large upload or download never hits it.
 */
export const DEFAULT_STORAGE_TIMEOUT_MS = 30_000;

export type S3ClientOptions = { timeoutMs?: number; logger?: Logger };

export type S3Settings = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export function createS3Client(settings: S3Settings, options: S3ClientOptions = {}): S3Client {
  const agents = guardedAgents(storagePolicy, { keepAlive: true, maxSockets: 50 });
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
  const logger = sdkLogger(options.logger);
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    logger,
    requestHandler: {
      connectionTimeout: Math.min(timeoutMs, 10_000),
      socketTimeout: timeoutMs,
      httpAgent: agents.http,
      httpsAgent: agents.https,
      logger,
    },
  });
}

type SdkLogger = {
  trace(...content: unknown[]): void;
  debug(...content: unknown[]): void;
  info(...content: unknown[]): void;
  warn(...content: unknown[]): void;
  error(...content: unknown[]): void;
};

/** The SDK's messages as lines of the server's log (they would otherwise go to the console as plain text). */
function sdkLogger(logger: Logger | undefined): SdkLogger {
  const text = (content: unknown[]) =>
    content
      .map((part) => (typeof part === 'string' ? part : part instanceof Error ? part.message : String(part)))
      .join(' ')
      .slice(0, 2000);
  const quiet = () => undefined;
  if (logger === undefined) return { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet };
  return {
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: (...content) => logger.warn('storage client warning', { detail: text(content) }),
    error: (...content) => logger.error('storage client error', { detail: text(content) }),
  };
}

/** True for S3 errors with one of the given codes or HTTP statuses. */
export function isS3Error(error: unknown, names: readonly string[], statuses: readonly number[] = []): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return names.includes(error.name) || (status !== undefined && statuses.includes(status));
}
