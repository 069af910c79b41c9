// Start-up in one place, shared by index.ts and the integration tests: open the database,
// migrate, seed the first admin, build the app and listen. close() drains and closes the DB.
import { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { createApp, type BackgroundJob } from './app';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { createRepositories } from './db/repositories';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { createSweeper, DEFAULT_SWEEP_INTERVAL_MS } from './jobs/sweeper';
import { systemClock, type Clock } from './lib/clock';
import { idempotencySweepTask } from './modules/idempotency/idempotency.service';
import type { Logger } from './lib/logger';
import { type Announce, ensureInitialAdmin } from './modules/auth/admin-bootstrap.service';
import { adminTokenSweepTask } from './modules/auth/admin-session.service';
import { pasteSweepTask } from './modules/pastes/paste-sweep.service';
import { ensureDefaultStorage } from './modules/storage-configs/storage-bootstrap.service';
import { createUploadSweepTask } from './modules/uploads/upload-sweep.service';
import { FsIndex } from './modules/fs/fs-index';
import { FsShareIndex } from './modules/fs/fs-share-index.service';
import { createStorageRegistry } from './storage/storage-registry';
import { CacheRegistry } from './lib/cache/cache-registry';
import { HtmlRenderer } from './lib/markdown/html-renderer';
import { FsReindexer } from './modules/fs/fs-reindex.service';
import { createFsUploadSweepTask } from './modules/fs/fs-upload-sweep';
import { createFileRequestSweepTask } from './modules/file-requests/file-request-sweep';
import { MountService } from './modules/mounts/mount.service';
import { StorageConfigLookupService } from './modules/storage-configs/storage-config-lookup.service';
import { webdavLockSweepTask } from './modules/webdav/webdav-lock.repo';
import { localBus, openDatabaseBus, type CacheBus } from './cluster/cache-bus';
import { databaseLocks, processLocks } from './cluster/cluster-locks';
import { attemptSweepTask } from './lib/rate-limiter-pg';
import { fileViewTokenSweepTask } from './modules/files/file-views';
import {
  closeSilentConnections,
  defaultConnectionLimits,
  serverOptionsFor,
  type ConnectionLimits,
} from './http/connection-limits';

export type StartOptions = {
  config: Config;
  logger: Logger;
  clock?: Clock;
  staticDir?: string;
  /** Interface to bind; all interfaces when unset. */
  hostname?: string;
  /** How often the sweeper deletes expired rows; it also runs once at start. */
  sweepIntervalMs?: number;
  /** Where the first start prints a generated admin password (stderr by default). */
  announce?: Announce;
  /** How long a slow client is waited for (`http/connection-limits.ts`); tests shorten them. */
  connectionLimits?: Partial<ConnectionLimits>;
};

export type RunningServer = {
  url: string;
  port: number;
  db: Kysely<Database>;
  /** Stops accepting, lets in-flight requests finish (up to graceMs), then closes the database. */
  close(graceMs?: number): Promise<void>;
};

export async function startServer({
  config,
  logger,
  clock = systemClock,
  staticDir,
  hostname,
  sweepIntervalMs = DEFAULT_SWEEP_INTERVAL_MS,
  announce,
  connectionLimits,
}: StartOptions): Promise<RunningServer> {
  const lostConnection = (error: Error) =>
    logger.warn('a database connection ended; the next query opens another', { error: error.message });
  const db = await openDatabase(config.database, lostConnection);
  const repos = createRepositories(db);
  const storage = createStorageRegistry(config, clock, logger);
  const s3 = config.bootstrapS3 === undefined ? undefined : { bucket: config.bootstrapS3, box: storage.deps.box };
  const postgres = config.database.kind === 'postgres';
  // Locks are held on connections of their own, so work waiting under them never starves the pool it needs.
  const lockDb = postgres ? await openDatabase(config.database, lostConnection) : undefined;
  const locks = lockDb === undefined ? processLocks : databaseLocks(lockDb);
  let bus: CacheBus = localBus;
  try {
    // Several instances starting together: one migrates and seeds at a time, the others find it done.
    await locks.hold('start-up', async () => {
      await migrateToLatest(db, logger);
      await ensureInitialAdmin(repos, config.admin, clock, logger, announce);
      await ensureDefaultStorage(repos, clock, logger, s3);
    });
    if (config.database.kind === 'postgres') bus = await openDatabaseBus(config.database.url, logger);
  } catch (error) {
    await lockDb?.destroy();
    await db.destroy();
    throw error;
  }
  const caches = new CacheRegistry(clock);
  caches.join(bus);
  // The sweeper's explorer pieces read mounts and storage configs through their domains' services.
  const mounts = new MountService(repos, clock, caches);
  const configs = new StorageConfigLookupService(repos);
  const reindexer = new FsReindexer(repos, mounts, configs, storage, caches, clock, logger, undefined, locks);
  const renderer = new HtmlRenderer({
    onFailure: (error) => logger.error('render worker failed', { error: String(error) }),
  });
  const background: BackgroundJob[] = [];
  const app = createApp({
    db,
    config,
    logger,
    clock,
    staticDir,
    storage,
    caches,
    reindexer,
    renderer,
    bus,
    background,
    locks,
  });
  const limits = { ...defaultConnectionLimits, ...connectionLimits };

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const serverOptions = serverOptionsFor(limits);
    const started = serve({ fetch: app.fetch, port: config.port, hostname, serverOptions }, () => resolve(started));
    started.once('error', reject);
  });
  if (server instanceof HttpServer) closeSilentConnections(server, limits);
  const { port } = addressOf(server.address());
  const sweeper = createSweeper({
    tasks: [
      pasteSweepTask(repos),
      idempotencySweepTask(repos),
      createUploadSweepTask(repos, storage, new FsShareIndex(new FsIndex(caches), mounts)),
      adminTokenSweepTask(repos),
      createFileRequestSweepTask(repos, storage),
      createFsUploadSweepTask(repos, storage, configs),
      webdavLockSweepTask(repos),
      reindexer.sweepTask(),
      fileViewTokenSweepTask(db),
      ...(postgres ? [attemptSweepTask(db)] : []),
    ],
    locks,
    intervalMs: sweepIntervalMs,
    logger,
    clock,
  });
  sweeper.start();
  for (const job of background) await job.start();

  const close = async (graceMs = 10_000) => {
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, graceMs);
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    clearTimeout(force);
    await sweeper.stop();
    for (const job of background) await job.stop();
    await renderer.close();
    await bus.close();
    await lockDb?.destroy();
    await db.destroy();
  };
  return { url: `http://${hostname ?? 'localhost'}:${port}`, port, db, close };
}

function addressOf(address: AddressInfo | string | null): AddressInfo {
  if (address === null || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return address;
}
