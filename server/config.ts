import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Env } from './env';
import { resolveEncryptionSecret } from './lib/encryption-secret';
import type { LogLevel } from './lib/logger';
import type { UrlFetchAllowEntry } from './lib/net/url-fetch-policy';

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
  };
}
