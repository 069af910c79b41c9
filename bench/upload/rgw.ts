// A private radosgw for the benchmark (bluestore, so 1 GiB objects do not sit in RAM) on free
// ports in a temp folder. A start sometimes dies early (more often under load): retry on a fresh one.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AbortMultipartUploadCommand, CreateBucketCommand, CreateMultipartUploadCommand, DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './processes';

const run = promisify(execFile);

export type Rgw = {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Pid of each daemon by name (`client.rgw`, `osd.0`, `mon.a`). */
  daemons(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

/** Pids of this gateway's daemons by name, read from its run folder. */
async function daemonPids(dir: string): Promise<Record<string, number>> {
  const runDir = join(dir, 'run');
  const names = (await readdir(runDir).catch(() => [] as string[])).filter((name) => name.endsWith('.pid'));
  const entries = await Promise.all(names.map(async (name) => [name.slice(0, -'.pid'.length), Number((await readFile(join(runDir, name), 'utf8')).trim())] as const));
  return Object.fromEntries(entries.filter(([, pid]) => Number.isInteger(pid) && pid > 0));
}

/** The script's stop gives each daemon 15 s, then kills it; this is a last resort for a stuck script. */
async function stopGateway(script: string, dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const pids = Object.values(await daemonPids(dir));
  await run('bash', [script, 'stop', dir], { env, timeout: 60_000 }).catch(() => undefined);
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(dir)) process.kill(pid, 'SIGKILL');
  }
  await rm(dir, { recursive: true, force: true });
}

async function logTail(dir: string): Promise<string> {
  const logDir = join(dir, 'log');
  const names = await readdir(logDir).catch(() => [] as string[]);
  const tails = await Promise.all(names.map(async (name) => `--- ${name}\n${(await readFile(join(logDir, name), 'utf8')).split('\n').slice(-10).join('\n')}`));
  return tails.join('\n');
}

export async function startRgw(script: string, attempts = 3): Promise<Rgw> {
  const keys = { accessKeyId: `bench${randomBytes(6).toString('hex')}`, secretAccessKey: randomBytes(20).toString('hex') };
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'clipdock-bench-rgw-'));
    const [rgwPort, monPort] = [await freePort(), await freePort()];
    const env = { ...process.env, RGW_PORT: String(rgwPort), MON_PORT: String(monPort), S3_KEY: keys.accessKeyId, S3_SECRET: keys.secretAccessKey };
    const stop = () => stopGateway(script, dir, env);
    try {
      await run('bash', [script, 'start', dir, 'bluestore'], { env, timeout: 120_000 });
      return { endpoint: `http://127.0.0.1:${rgwPort}`, ...keys, daemons: () => daemonPids(dir), stop };
    } catch (error) {
      lastError = `${error instanceof Error ? error.message : String(error)}\n${await logTail(dir)}`;
      await stop();
    }
  }
  throw new Error(`radosgw did not start after ${attempts} attempts:\n${lastError}`);
}

export function s3Client(rgw: Rgw): S3Client {
  return new S3Client({
    endpoint: rgw.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: rgw.accessKeyId, secretAccessKey: rgw.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function createBucket(client: S3Client): Promise<string> {
  const bucket = `clipdock-bench-${randomBytes(4).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

/** The first PUT and the first multipart upload create pools (seconds each); do both before timing. */
export async function warmUp(client: S3Client, bucket: string): Promise<void> {
  const Key = 'warm-up';
  await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: randomBytes(1024) }));
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
  await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
}

export type BenchStorage = { rgw: Rgw; client: S3Client; bucket: string };

/** Starts the gateway, creates a warmed-up bucket, and registers the clean-up of both. */
export async function startBenchStorage(script: string, register: (step: () => Promise<void>) => void): Promise<BenchStorage> {
  const rgw = await startRgw(script);
  register(rgw.stop);
  const client = s3Client(rgw);
  register(async () => client.destroy());
  const bucket = await createBucket(client);
  await warmUp(client, bucket);
  return { rgw, client, bucket };
}
