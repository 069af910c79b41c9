// Starts Debian's radosgw (scripts/local-rgw.sh, memstore) for the end-to-end run, on free ports
// so it never meets another gateway. A first start on a fresh folder sometimes dies silently, so
// one retry on a new folder and new ports comes before failing with the log's tail.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/free-port';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);

export type RgwInfo = { endpoint: string; accessKeyId: string; secretAccessKey: string; bucket: string; dir: string };

const ACCESS_KEY = 'e2ekey';
const SECRET_KEY = 'e2esecret';
export const E2E_BUCKET = 'clipdock-e2e';

export function s3ClientFor(info: Pick<RgwInfo, 'endpoint' | 'accessKeyId' | 'secretAccessKey'>): S3Client {
  return new S3Client({
    endpoint: info.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

type Ports = { rgw: number; mon: number };

const script = (command: 'start' | 'stop', dir: string, ports?: Ports) =>
  run('bash', ['scripts/local-rgw.sh', command, dir, 'memstore'], {
    env: { ...process.env, ...(ports ? { RGW_PORT: String(ports.rgw), MON_PORT: String(ports.mon) } : {}), S3_KEY: ACCESS_KEY, S3_SECRET: SECRET_KEY },
    timeout: 120_000,
  });

async function logTail(dir: string): Promise<string> {
  const logDir = join(dir, 'log');
  const names = await readdir(logDir).catch(() => []);
  const tails = await Promise.all(names.map(async (name) => `${name}:\n${(await readFile(join(logDir, name), 'utf8')).split('\n').slice(-15).join('\n')}`));
  return tails.join('\n');
}

async function startOnce(): Promise<{ dir: string; endpoint: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2e-rgw-'));
  const ports = { rgw: await freePort(), mon: await freePort() };
  const endpoint = `http://127.0.0.1:${ports.rgw}`;
  try {
    await script('start', dir, ports);
    const answer = await fetch(`${endpoint}/`);
    if (answer.status >= 500) throw new Error(`radosgw answered ${answer.status}`);
    return { dir, endpoint };
  } catch (error) {
    const tail = await logTail(dir);
    await script('stop', dir).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
}

export async function startRgw(): Promise<RgwInfo> {
  const { dir, endpoint } = await startOnce().catch(() => startOnce());
  const info = { endpoint, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, bucket: E2E_BUCKET, dir };
  const client = s3ClientFor(info);
  await client.send(new CreateBucketCommand({ Bucket: E2E_BUCKET }));
  client.destroy();
  return info;
}

export async function stopRgw(dir: string): Promise<void> {
  await script('stop', dir).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
