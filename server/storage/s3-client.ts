// Builds the AWS SDK client for one S3-compatible config. Checksums only when an operation
// requires them: several S3-compatible servers (and presigned browser PUTs) break otherwise.
// Connections go through the address guard, so no endpoint reaches a metadata or link-local address.
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { LogFields, Logger } from '@server/lib/logger';
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

/**
 * The SDK's messages as lines of the server's log (they would otherwise go to the console as plain
 * text). The SDK reports every failed call; the caller handles it (a missing object is often the
 * answer it expects) and says what matters, so the report is a debug line naming the command, the
 * error and the status, never the call's input. The SDK's own warnings stay warnings.
 */
export function sdkLogger(logger: Logger | undefined): SdkLogger {
  const quiet = () => undefined;
  if (logger === undefined) return { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet };
  return {
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: (...content) => logger.warn('storage client warning', { detail: sdkText(content) }),
    error: (...content) => logger.debug('storage call failed', failedCall(content)),
  };
}

function sdkText(content: unknown[]): string {
  return content
    .map((part) => (typeof part === 'string' ? part : part instanceof Error ? part.message : String(part)))
    .join(' ')
    .slice(0, 2000);
}

/** The SDK's report of a failed command ({commandName, error, metadata, input}) without its input. */
function failedCall(content: unknown[]): LogFields {
  const [report] = content;
  if (content.length !== 1 || typeof report !== 'object' || report === null || !('commandName' in report))
    return { detail: sdkText(content) };
  const error = 'error' in report ? report.error : undefined;
  const metadata = 'metadata' in report ? report.metadata : undefined;
  const status =
    typeof metadata === 'object' && metadata !== null && 'httpStatusCode' in metadata
      ? metadata.httpStatusCode
      : undefined;
  return {
    command: String(report.commandName),
    error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error),
    ...(typeof status === 'number' ? { status } : {}),
  };
}

/** True for S3 errors with one of the given codes or HTTP statuses. */
export function isS3Error(error: unknown, names: readonly string[], statuses: readonly number[] = []): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return names.includes(error.name) || (status !== undefined && statuses.includes(status));
}
