// The stack the reliability suite runs on, all from Debian packages and on loopback: a throwaway
// PostgreSQL cluster (run as the postgres user on a free port), radosgw (memstore), two Clipdock
// instances from the production build (dist-server/server.mjs) with the bucket as their default
// storage, and nginx in front of them (round robin, no sticky sessions). Every process started
// here is stopped by `stop()`, also after a failure.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { freePort } from '@tests/support/free-port';
import { type Gateway, s3ClientFor, startGateway } from '@tests/support/rgw-gateway';
import { waitFor } from './wait';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');

export const admin = { username: 'admin', password: `reliability-${randomBytes(6).toString('hex')}` };

export type Instance = {
  name: string;
  baseUrl: string;
  pid(): number | undefined;
  /** SIGKILL, no warning. */
  kill(): Promise<void>;
  start(): Promise<void>;
  rssKb(): Promise<number | undefined>;
  /** How the last start ended: undefined while it runs. */
  exit(): string | undefined;
  logFile: string;
};

export type Postgres = { url: string; restart(): Promise<void>; stop(): Promise<void> };

export type Stack = {
  proxyUrl: string;
  instances: [Instance, Instance];
  postgres: Postgres;
  databaseUrl: string;
  rgw: Gateway;
  bucket: string;
  stopRgw(): Promise<void>;
  startRgw(): Promise<void>;
  stop(): Promise<void>;
};

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const bin = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, 'bin'))
    .find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (bin === undefined) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  return bin;
}

async function startPostgres(): Promise<Postgres> {
  const bin = postgresBinDir();
  const asPostgres = (command: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { timeout: 120_000 });
  const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-rel-pg-'));
  const [data, log, port] = [join(dir, 'data'), join(dir, 'postgres.log'), await freePort()];
  const password = randomBytes(16).toString('hex');
  const start = () =>
    asPostgres('pg_ctl', [
      'start',
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-t',
      '90',
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${dir} -F`,
    ]);
  const stopCluster = () => asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60']);
  const postgres: Postgres = {
    url: `postgres://clipdock:${password}@127.0.0.1:${port}/clipdock`,
    restart: async () => {
      await stopCluster();
      await start();
    },
    stop: async () => {
      await asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await chown(dir, idOf('-u'), idOf('-g'));
    await mkdir(data);
    await chown(data, idOf('-u'), idOf('-g'));
    await asPostgres('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--no-sync',
    ]);
    await writeFile(join(data, 'postgresql.auto.conf'), 'max_connections = 200\n');
    await start();
    const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      await client.query(`create role clipdock login password '${password}'`);
      await client.query('create database clipdock owner clipdock');
    } finally {
      await client.end();
    }
    return postgres;
  } catch (error) {
    const tail = (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
    await postgres.stop();
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${tail}`);
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).status === 200;
  } catch {
    return false;
  }
}

function instance(name: string, port: number, env: Record<string, string>, work: string, logDir: string): Instance {
  let child: ChildProcess | undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(logDir, `${name}.log`);
  return {
    name,
    baseUrl,
    logFile,
    pid: () => child?.pid,
    exit: () => {
      if (child === undefined || (child.exitCode === null && child.signalCode === null)) return undefined;
      return child.signalCode ?? `exit code ${child.exitCode}`;
    },
    async start() {
      const out = openSync(logFile, 'a');
      child = spawn(process.execPath, ['dist-server/server.mjs'], {
        cwd: repo,
        env: { ...process.env, ...env, PORT: String(port), DATA_DIR: join(work, `${name}-data`) },
        stdio: ['ignore', out, out],
      });
      const started = child;
      await waitFor(`${name} healthy`, 120_000, async () => {
        if (started.exitCode !== null) throw new Error(`${name} exited (${started.exitCode}); see ${logFile}`);
        return healthy(baseUrl);
      });
    },
    async kill() {
      const killed = child;
      if (killed === undefined || killed.exitCode !== null || killed.signalCode !== null) return;
      const exited = new Promise((done) => killed.once('exit', done));
      killed.kill('SIGKILL');
      await exited;
    },
    async rssKb() {
      const pid = child?.pid;
      if (pid === undefined) return undefined;
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      return match?.[1] === undefined ? undefined : Number(match[1]);
    },
  };
}

/**
 * nginx as a foreground process with its own prefix folder. The address nginx passes on is the
 * one the client declares in X-Forwarded-For (realip from loopback): the suite's clients all sit
 * on 127.0.0.1 and stand for many users, as behind a CDN in front of this proxy.
 */
async function startNginx(dir: string, port: number, upstreams: string[], logDir: string): Promise<ChildProcess> {
  await mkdir(join(dir, 'logs'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log ${join(logDir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  client_max_body_size 0;
  upstream clipdock {
${upstreams.map((address) => `    server ${address} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    location / {
      proxy_pass http://clipdock;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor('nginx answering', 30_000, async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode})`);
    return healthy(`http://127.0.0.1:${port}`);
  });
  return nginx;
}

export async function startStack(log: (line: string) => void, logDir: string): Promise<Stack> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`cleanup: ${String(error)}`));
    cleanups.length = 0;
  };
  try {
    const work = await mkdtemp(join(tmpdir(), 'clipdock-rel-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const keys = {
      accessKeyId: `rel${randomBytes(6).toString('hex')}`,
      secretAccessKey: randomBytes(20).toString('hex'),
    };
    const [postgres, rgw] = await Promise.all([
      startPostgres().then((started) => {
        cleanups.push(started.stop);
        return started;
      }),
      startGateway({ store: 'memstore', ...keys, label: 'clipdock-rel-rgw' }).then((started) => {
        cleanups.push(started.stop);
        return started;
      }),
    ]);
    log(`PostgreSQL on ${new URL(postgres.url).port}, radosgw on ${rgw.endpoint}`);
    const bucket = `clipdock-rel-${randomBytes(4).toString('hex')}`;
    const s3 = s3ClientFor(rgw);
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    s3.destroy();
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      DATABASE_URL: postgres.url,
      ENCRYPTION_SECRET: randomBytes(24).toString('hex'),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      S3_ENDPOINT: rgw.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      STORAGE_TIMEOUT_SECONDS: '10',
    };
    const instances: [Instance, Instance] = [
      instance('one', await freePort(), env, work, logDir),
      instance('two', await freePort(), env, work, logDir),
    ];
    for (const started of instances) cleanups.push(() => started.kill());
    await Promise.all(instances.map((started) => started.start()));
    const proxyPort = await freePort();
    const nginx = await startNginx(
      join(work, 'nginx'),
      proxyPort,
      instances.map((started) => new URL(started.baseUrl).host),
      logDir,
    );
    cleanups.push(async () => {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGQUIT');
      await exited;
    });
    const rgwConf = join(rgw.dir, 'ceph.conf');
    return {
      proxyUrl: `http://127.0.0.1:${proxyPort}`,
      instances,
      postgres,
      databaseUrl: postgres.url,
      rgw,
      bucket,
      stopRgw: async () => {
        const pid = (await rgw.daemons())['client.rgw'];
        if (pid === undefined) return;
        process.kill(pid, 'SIGKILL');
        await waitFor('radosgw gone', 30_000, async () => !existsSync(`/proc/${pid}`));
      },
      startRgw: async () => {
        await run('radosgw', ['-c', rgwConf, '-n', 'client.rgw'], { timeout: 60_000 });
        await waitFor('radosgw answering', 60_000, async () => {
          try {
            return (await fetch(rgw.endpoint, { signal: AbortSignal.timeout(2_000) })).status < 500;
          } catch {
            return false;
          }
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
