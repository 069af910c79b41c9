// Starts the real server (real SQLite file, migrations, first-admin seeding) on an ephemeral
// port in a fresh temp directory, and captures its JSON log lines for assertions.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { loadConfig } from '@server/config';
import type { Database } from '@server/db/schema';
import { parseEnv } from '@server/env';
import type { Clock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import type { ConnectionLimits } from '@server/http/connection-limits';
import { startServer } from '@server/start-server';

export const testAdmin = { username: 'admin', password: 'correct horse battery' } as const;

const logLineSchema = z.object({ level: z.string(), msg: z.string() }).catchall(z.unknown());
export type LogLine = z.infer<typeof logLineSchema>;

export type TestServerOptions = {
  /** Overrides of the test environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Reuse a data directory (to restart on the same database); a fresh temp dir otherwise. */
  dataDir?: string;
  staticDir?: string;
  clock?: Clock;
  /** Shorter waits for slow clients than the server's own. */
  connectionLimits?: Partial<ConnectionLimits>;
};

export type TestServer = {
  baseUrl: string;
  db: Kysely<Database>;
  dataDir: string;
  logs: LogLine[];
  /** What the server printed on the console outside its log (the first admin's password). */
  printed: string[];
  /** Stops the server; removes the data directory unless `keepData`. */
  close(options?: { keepData?: boolean }): Promise<void>;
};

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'clipdock-it-')));
  const env = withoutUnset({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    NODE_ENV: 'test',
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_PASSWORD: testAdmin.password,
    ...options.env,
  });
  const logs: LogLine[] = [];
  const printed: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(logLineSchema.parse(JSON.parse(line))) });
  const config = await loadConfig(parseEnv(env));
  const running = await startServer({
    config,
    logger,
    clock: options.clock,
    staticDir: options.staticDir ?? join(dataDir, 'no-web-app'),
    hostname: '127.0.0.1',
    announce: (text) => printed.push(text),
    connectionLimits: options.connectionLimits,
  });
  let closed = false;
  return {
    baseUrl: running.url,
    db: running.db,
    dataDir,
    logs,
    printed,
    close: async ({ keepData = false } = {}) => {
      if (!closed) await running.close(1_000);
      closed = true;
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function withoutUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
