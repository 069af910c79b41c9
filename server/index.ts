// Process entry: env → config → database, migrations and first admin → HTTP server.
// SIGTERM/SIGINT (even mid-start-up) stop accepting, finish in-flight requests, close the DB, exit 0.
import { loadConfig } from './config';
import { EnvError, parseEnv, type Env } from './env';
import { createLogger } from './lib/logger';
import { startServer, type RunningServer } from './start-server';

function envOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`clipdock: invalid configuration\n${error.problems.map((p) => `  ${p}\n`).join('')}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const env = envOrExit();
  const logger = createLogger({ level: env.LOG_LEVEL });
  let running: RunningServer | undefined;
  let stopping = false;

  const stop = (server: RunningServer) =>
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    if (running !== undefined) void stop(running);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const config = await loadConfig(env);
  running = await startServer({ config, logger });
  if (stopping) return void stop(running);
  logger.info(`listening on ${running.url}`, { port: running.port, database: config.database.kind });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `clipdock: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
