// The real Clipdock server as a child process (production mode, temp data dir), set up for the
// benchmark through its own API: admin login, a 2 GB upload limit, the bucket as default storage
// and, for browser runs, the web app from a given folder with bucket CORS for the server's origin.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { freePort } from '@tests/support/free-port';
import { stopChild } from './processes';
import type { Rgw } from './rgw';

export type BenchServer = { baseUrl: string; pid: number; token: string; stop(): Promise<void> };

/** `staticDir`: serve this build of the web app and allow its origin in the bucket's CORS. */
export type ServerOptions = { staticDir?: string };

const adminPassword = 'bench-password-123';
const envelope = z.object({ data: z.unknown() });

async function api<T extends z.ZodType>(
  baseUrl: string,
  method: string,
  path: string,
  schema: T,
  body?: unknown,
  token?: string,
): Promise<z.output<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return schema.parse(envelope.parse(JSON.parse(text)).data);
}

async function waitForHealth(baseUrl: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !exited(); i += 1) {
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await delay(100);
  }
  throw new Error('server did not become healthy');
}

export async function startServer(
  root: string,
  rgw: Rgw,
  bucket: string,
  options: ServerOptions = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { staticDir } = options;
  const entry = staticDir === undefined ? 'server/index.ts' : 'bench/upload/app-server.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      ...(staticDir === undefined ? {} : { BENCH_STATIC_DIR: staticDir }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, () => child.exitCode !== null);
    const { token } = await api(baseUrl, 'POST', '/api/admin/login', z.object({ token: z.string() }), {
      username: 'admin',
      password: adminPassword,
    });
    await api(
      baseUrl,
      'PUT',
      '/api/admin/system-settings',
      z.unknown(),
      { max_upload_size: 2, max_upload_size_unit: 'GB' },
      token,
    );
    const config = {
      name: `rgw ${bucket}`,
      provider_type: 'Other S3 Compatible',
      endpoint_url: rgw.endpoint,
      bucket_name: bucket,
      region: 'us-east-1',
      access_key_id: rgw.accessKeyId,
      secret_access_key: rgw.secretAccessKey,
      path_style: true,
    };
    const { id } = await api(baseUrl, 'POST', '/api/s3-configs', z.object({ id: z.string() }), config, token);
    await api(baseUrl, 'PUT', `/api/s3-configs/${id}/set-default`, z.unknown(), undefined, token);
    if (staticDir !== undefined)
      await api(baseUrl, 'POST', `/api/s3-configs/${id}/apply-cors`, z.unknown(), { origin: baseUrl }, token);
    return { baseUrl, pid: child.pid ?? 0, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
