import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Env } from './env';
import { resolveEncryptionSecret } from './lib/encryption-secret';
import type { LogLevel } from './lib/logger';
import type { UrlFetchAllowEntry } from './lib/net/url-fetch-policy';
import type { BootstrapS3 } from './modules/storage-configs/storage-bootstrap.service';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Everything the server needs to run, resolved from the environment and the data directory. */
export type Config = {
  port: number;
  dataDir: string;
  blobDir: string;
  database: DatabaseConfig;
  encryptionSecret: string;
  admin: { username: string | undefined; password: string | undefined };
  logLevel: LogLevel;
  production: boolean;
  trustProxy: boolean;
  /** URL uploads: hosts or ranges allowed beyond public addresses, and the time a fetch may take. */
  urlFetch: { allow: UrlFetchAllowEntry[]; timeoutMs: number };
  /** How long a storage request may stay silent before it fails (STORAGE_TIMEOUT_SECONDS). */
  storageTimeoutMs: number;
  /** The bucket the first start makes the default storage (S3_ variables); local storage when unset. */
  bootstrapS3: BootstrapS3 | undefined;
};

/** Creates DATA_DIR and its blobs/ folder, and settles the encryption secret. */
export async function loadConfig(env: Env): Promise<Config> {
  const dataDir = resolve(env.DATA_DIR);
  const blobDir = join(dataDir, 'blobs');
  await mkdir(blobDir, { recursive: true });
  return {
    port: env.PORT,
    dataDir,
    blobDir,
    database:
      env.DATABASE_URL === undefined
        ? { kind: 'sqlite', file: join(dataDir, 'clipdock.sqlite') }
        : { kind: 'postgres', url: env.DATABASE_URL },
    encryptionSecret: await resolveEncryptionSecret(dataDir, env.ENCRYPTION_SECRET),
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    urlFetch: { allow: env.URL_FETCH_ALLOW, timeoutMs: env.URL_FETCH_TIMEOUT_SECONDS * 1000 },
    storageTimeoutMs: env.STORAGE_TIMEOUT_SECONDS * 1000,
    bootstrapS3: bootstrapS3Of(env),
  };
}

function bootstrapS3Of(env: Env): BootstrapS3 | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = env;
  if (S3_ENDPOINT === undefined || S3_BUCKET === undefined) return undefined;
  if (S3_ACCESS_KEY_ID === undefined || S3_SECRET_ACCESS_KEY === undefined) return undefined;
  return {
    endpoint: S3_ENDPOINT.trim(),
    bucket: S3_BUCKET.trim(),
    region: S3_REGION?.trim(),
    accessKeyId: S3_ACCESS_KEY_ID.trim(),
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}
