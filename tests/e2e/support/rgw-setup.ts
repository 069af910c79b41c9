// Starts Debian's radosgw (scripts/local-rgw.sh, memstore) for the end-to-end run, on its own
// ports so it never meets the integration tests' gateway. A first start on a fresh folder
// sometimes dies silently, so one retry on a new folder comes before failing with the log's tail.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { E2E_MON_PORT, E2E_RGW_PORT } from './env';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);

export type RgwInfo = { endpoint: string; accessKeyId: string; secretAccessKey: string; bucket: string; dir: string };

const RGW_PORT = E2E_RGW_PORT;
const MON_PORT = E2E_MON_PORT;
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

const script = (command: 'start' | 'stop', dir: string) =>
  run('bash', ['scripts/local-rgw.sh', command, dir, 'memstore'], {
    env: { ...process.env, RGW_PORT: String(RGW_PORT), MON_PORT: String(MON_PORT), S3_KEY: ACCESS_KEY, S3_SECRET: SECRET_KEY },
    timeout: 120_000,
  });

async function logTail(dir: string): Promise<string> {
  const logDir = join(dir, 'log');
  const names = await readdir(logDir).catch(() => []);
  const tails = await Promise.all(names.map(async (name) => `${name}:\n${(await readFile(join(logDir, name), 'utf8')).split('\n').slice(-15).join('\n')}`));
  return tails.join('\n');
}

async function startOnce(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2e-rgw-'));
  try {
    await script('start', dir);
    const answer = await fetch(`http://127.0.0.1:${RGW_PORT}/`);
    if (answer.status >= 500) throw new Error(`radosgw answered ${answer.status}`);
    return dir;
  } catch (error) {
    const tail = await logTail(dir);
    await script('stop', dir).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
}

export async function startRgw(): Promise<RgwInfo> {
  let dir: string;
  try {
    dir = await startOnce();
  } catch {
    dir = await startOnce();
  }
  const info = { endpoint: `http://127.0.0.1:${RGW_PORT}`, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, bucket: E2E_BUCKET, dir };
  const client = s3ClientFor(info);
  await client.send(new CreateBucketCommand({ Bucket: E2E_BUCKET }));
  client.destroy();
  return info;
}

export async function stopRgw(dir: string): Promise<void> {
  await script('stop', dir).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
