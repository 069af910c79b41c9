// Debian's radosgw on loopback for the integration tests, the end-to-end run and the upload
// bench: scripts/local-rgw.sh in a temp folder, on free ports. A start on a fresh folder sometimes
// dies early (more often under load), so each attempt gets a new folder and new ports, and the
// error of the last one carries the tail of every daemon's log.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { S3Client } from '@aws-sdk/client-s3';
import { freePort } from './free-port';

const run = promisify(execFile);
const script = resolve(import.meta.dirname, '../../scripts/local-rgw.sh');

export type S3Credentials = { endpoint: string; accessKeyId: string; secretAccessKey: string };

export type Gateway = S3Credentials & {
  dir: string;
  /** Pid of each daemon by name (`client.rgw`, `osd.0`, `mon.a`). */
  daemons(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

export type GatewayOptions = {
  /** memstore keeps objects in RAM; bluestore writes them to a sparse file in the folder. */
  store: 'memstore' | 'bluestore';
  accessKeyId: string;
  secretAccessKey: string;
  /** Name prefix of the temp folder, to tell the runs apart in /tmp. */
  label: string;
  attempts?: number;
};

export async function startGateway({
  store,
  accessKeyId,
  secretAccessKey,
  label,
  attempts = 3,
}: GatewayOptions): Promise<Gateway> {
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const dir = await mkdtemp(join(tmpdir(), `${label}-`));
    const [rgwPort, monPort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      RGW_PORT: String(rgwPort),
      MON_PORT: String(monPort),
      S3_KEY: accessKeyId,
      S3_SECRET: secretAccessKey,
    };
    try {
      await run('bash', [script, 'start', dir, store], { env, timeout: 120_000 });
      return {
        endpoint: `http://127.0.0.1:${rgwPort}`,
        accessKeyId,
        secretAccessKey,
        dir,
        daemons: () => daemonPids(dir),
        stop: () => stopGateway(dir),
      };
    } catch (error) {
      lastError = `${error instanceof Error ? error.message : String(error)}\n${await logTail(dir)}`;
      await stopGateway(dir);
    }
  }
  throw new Error(`radosgw did not start after ${attempts} attempts:\n${lastError}`);
}

/** Stops the gateway living in `dir` and removes the folder; a daemon the script could not stop is killed. */
export async function stopGateway(dir: string): Promise<void> {
  const pids = Object.values(await daemonPids(dir));
  await run('bash', [script, 'stop', dir], { timeout: 60_000 }).catch(() => undefined);
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(dir)) process.kill(pid, 'SIGKILL');
  }
  await rm(dir, { recursive: true, force: true });
}

export function s3ClientFor(credentials: S3Credentials): S3Client {
  return new S3Client({
    endpoint: credentials.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Pids of the gateway's daemons by name, read from its run folder. */
async function daemonPids(dir: string): Promise<Record<string, number>> {
  const runDir = join(dir, 'run');
  const names = (await readdir(runDir).catch(() => [] as string[])).filter((name) => name.endsWith('.pid'));
  const entries = await Promise.all(
    names.map(
      async (name) =>
        [
          name.slice(0, -'.pid'.length),
          Number((await readFile(join(runDir, name), 'utf8').catch(() => '')).trim()),
        ] as const,
    ),
  );
  return Object.fromEntries(entries.filter(([, pid]) => Number.isInteger(pid) && pid > 0));
}

async function logTail(dir: string): Promise<string> {
  const logDir = join(dir, 'log');
  const names = await readdir(logDir).catch(() => [] as string[]);
  const tails = await Promise.all(
    names.map(
      async (name) => `--- ${name}\n${(await readFile(join(logDir, name), 'utf8')).split('\n').slice(-15).join('\n')}`,
    ),
  );
  return tails.join('\n');
}
