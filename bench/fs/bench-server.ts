// The real server started in this process (fresh temp data dir, SQLite, production settings) for
// the explorer benchmarks. Each timed call carries its own X-Request-Id, and the server's own
// request-log line for that id gives the server time (from the request log middleware's clock).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@server/config';
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { parseEnv } from '@server/env';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { startServer } from '@server/start-server';
import { createStorageRegistry, type StorageRegistry } from '@server/storage/storage-registry';

/**
 * `serverMs`: the server's own request-log time (wall clock). `cpuMs`: CPU time this process spent
 * meanwhile (server, its thread pool and the client's fetch), which a busy machine does not inflate.
 */
export type Timing = { serverMs: number; clientMs: number; cpuMs: number; status: number; body: string };

export type BenchServer = {
  baseUrl: string;
  token: string;
  db: Kysely<Database>;
  dataDir: string;
  /** A registry of its own over the server's blobs and secret, for writing objects directly. */
  storage: StorageRegistry;
  /** A JSON call as the admin; throws unless 2xx; returns `data`. */
  api(method: string, path: string, body?: unknown): Promise<unknown>;
  /** One timed GET, as the admin unless another Authorization is given. */
  timed(path: string, authorization?: string): Promise<Timing>;
  stop(): Promise<void>;
};

const adminPassword = 'bench-password-123';
const logLine = z.object({ msg: z.string(), reqId: z.string().optional(), ms: z.number().optional() });
const envelope = z.object({ data: z.unknown() });

/** `staticDir`: a built web app to serve (the browser benchmarks); none by default. */
export async function startBenchServer(options: { staticDir?: string } = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-fs-bench-'));
  const serverMs = new Map<string, number>();
  const logger = createLogger({
    level: 'info',
    write: (line) => {
      const parsed = logLine.safeParse(JSON.parse(line));
      if (
        parsed.success &&
        parsed.data.msg === 'request' &&
        parsed.data.reqId !== undefined &&
        parsed.data.ms !== undefined
      )
        serverMs.set(parsed.data.reqId, parsed.data.ms);
    },
  });
  const env = {
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: adminPassword,
  };
  const config = await loadConfig(parseEnv(env));
  // The sweeper's first pass would reindex the mounts while the bench measures; run it rarely.
  const running = await startServer({
    config,
    logger,
    hostname: '127.0.0.1',
    staticDir: options.staticDir ?? join(dataDir, 'no-web-app'),
    sweepIntervalMs: 24 * 3600_000,
  });
  const baseUrl = running.url;
  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== '') headers.authorization = `Bearer ${token}`;
    const response = await retried(() =>
      fetch(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    return envelope.parse(JSON.parse(text)).data;
  };
  token = z
    .object({ token: z.string() })
    .parse(await api('POST', '/api/admin/login', { username: 'admin', password: adminPassword })).token;
  const encryptionSecret = (await readFile(join(dataDir, 'encryption.key'), 'utf8')).trim();
  return {
    baseUrl,
    token,
    db: running.db,
    dataDir,
    storage: createStorageRegistry({ blobDir: join(dataDir, 'blobs'), encryptionSecret }, systemClock),
    api,
    async timed(path, authorization = `Bearer ${token}`) {
      const reqId = randomUUID();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const response = await retried(() =>
        fetch(`${baseUrl}${path}`, { headers: { authorization, 'x-request-id': reqId } }),
      );
      const body = await response.text();
      const clientMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      const ms = serverMs.get(reqId);
      serverMs.delete(reqId);
      if (ms === undefined) throw new Error(`no request log line for ${path}`);
      return { serverMs: ms, clientMs, cpuMs, status: response.status, body };
    },
    async stop() {
      await running.close(1_000);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One retry when a kept-alive connection was closed by the server's idle time-out just as the
 * client reused it (a long pause between calls, such as the SQL-only measurements).
 */
async function retried(send: () => Promise<Response>): Promise<Response> {
  try {
    return await send();
  } catch {
    return send();
  }
}

/** Percentile by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function summary(values: readonly number[]): { p50: number; p95: number; max: number } {
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) };
}

export async function machine(): Promise<string> {
  const cpu = /model name\s*:\s*(.+)/.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown';
  const cores = (await readFile('/proc/cpuinfo', 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('processor')).length;
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  return `CPU "${cpu}" × ${cores} (/proc/cpuinfo), Node ${process.version}, load average ${load}, ${new Date().toISOString().slice(0, 10)}`;
}
