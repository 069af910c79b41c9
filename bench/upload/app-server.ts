// The real server, started the way server/index.ts starts it, but serving the web app from the
// folder in BENCH_STATIC_DIR: the browser benchmark builds its own copy of the current sources.
import { loadConfig } from '@server/config';
import { parseEnv } from '@server/env';
import { createLogger } from '@server/lib/logger';
import { startServer } from '@server/start-server';

const staticDir = process.env.BENCH_STATIC_DIR;
if (staticDir === undefined) throw new Error('BENCH_STATIC_DIR is not set');
const env = parseEnv(process.env);
const server = await startServer({
  config: await loadConfig(env),
  logger: createLogger({ level: env.LOG_LEVEL }),
  staticDir,
});
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));
