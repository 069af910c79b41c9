// npm run test:deploy (after scripts/test-deploy.sh has Docker running): builds the Clipdock
// image from the Dockerfile on a local stand-in for the official Node image, then runs
// compose.yaml twice, as a self-hoster would, with the test's override:
//   1. the default profile: one instance on SQLite and local storage in one volume; health, a
//      paste, a file, and the same data after the container is recreated;
//   2. the scaled profile: two instances behind nginx on PostgreSQL and radosgw; health through
//      the proxy, a paste written through one instance and read through the other, a file
//      uploaded through the proxy into the bucket and downloaded.
// Every container is removed at the end; on a failure the logs' tails are printed first.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '@tests/support/free-port';
import { ComposeStack, writeHostNetworkCompose } from './compose-stack';
import {
  check,
  checkDownload,
  login,
  readPaste,
  uploadFile,
  waitHealthy,
  writePaste,
  type Admin,
} from './deploy-checks';
import { run } from './shell';
import {
  ensureDebianBase,
  ensureNginxImage,
  ensureNodeImage,
  ensurePostgresImage,
  ensureRadosgwImage,
} from './test-images';

const repo = resolve(import.meta.dirname, '../..');
const appImage = 'clipdock-deploy-test/app:latest';
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const log = (line: string) => process.stdout.write(`[deploy ${seconds(started).padStart(6)}] ${line}\n`);
const timings: string[] = [];

async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  const since = Date.now();
  log(`${name} …`);
  const result = await action();
  timings.push(`${name}: ${seconds(since)}`);
  log(`${name}: done in ${seconds(since)}`);
  return result;
}

/** The app image from the repository's Dockerfile, its base the local Node 22 image. */
async function buildApp(nodeImage: string): Promise<void> {
  await run('docker', ['build', '--network', 'host', '--build-arg', `NODE_IMAGE=${nodeImage}`, '-t', appImage, repo], {
    onLine: (line) => (/^Step \d+\/\d+/.test(line) ? log(`  ${line}`) : undefined),
    timeoutMs: 60 * 60_000,
  });
}

/** deploy/nginx.conf with the upstream instances and its own listener on loopback ports. */
async function nginxConfig(dir: string, ports: { proxy: number; app1: number; app2: number }): Promise<string> {
  const shipped = await readFile(join(repo, 'deploy/nginx.conf'), 'utf8');
  const local = shipped
    .replace('server clipdock-1:8787', `server 127.0.0.1:${ports.app1}`)
    .replace('server clipdock-2:8787', `server 127.0.0.1:${ports.app2}`)
    .replace('listen 8080;', `listen 127.0.0.1:${ports.proxy};`);
  check(
    local !== shipped && !local.includes('clipdock-1:') && !local.includes('listen 8080'),
    'deploy/nginx.conf changed shape',
  );
  const file = join(dir, 'nginx.conf');
  await writeFile(file, local);
  return file;
}

/**
 * Creates the bucket once the gateway answers and knows the key: the image's entry script starts
 * radosgw first and creates its user after, so an early call is refused as InvalidAccessKeyId.
 */
async function createBucketWhenReady(s3: S3Client, bucket: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refusal = await s3.send(new CreateBucketCommand({ Bucket: bucket })).then(
      () => null,
      (error: unknown) => error,
    );
    if (refusal === null) return;
    const name = refusal instanceof Error ? refusal.name : '';
    const notYet = name === 'InvalidAccessKeyId' || name === 'TypeError' || /ECONNREFUSED/.test(String(refusal));
    if (!notYet || Date.now() > deadline) throw refusal;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function defaultProfile(stack: ComposeStack, origin: string, admin: Admin): Promise<void> {
  await step('default profile: docker compose up -d', () => stack.up('default'));
  await step('default profile: health', async () => {
    await waitHealthy(origin, 120_000);
    const deadline = Date.now() + 120_000;
    while ((await stack.health('clipdock')) !== 'healthy') {
      check(Date.now() < deadline, 'the container never reported healthy (HEALTHCHECK)');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  });
  const { slug, file } = await step('default profile: a paste and a file', async () => {
    check((await stack.exec('clipdock', ['id', '-u'])).trim() === '10001', 'the app runs as the clipdock user (10001)');
    const token = await login(origin, admin);
    const pasteSlug = await writePaste(origin, token, 'written in the default profile');
    check((await readPaste(origin, pasteSlug)) === 'written in the default profile', 'the paste reads back');
    const uploaded = await uploadFile(origin, token, 'default.bin', 300_000);
    check(uploaded.uploadUrl.startsWith(`${origin}/api/blob/`), `a local upload link (${uploaded.uploadUrl})`);
    await checkDownload(origin, uploaded);
    const data = (await stack.exec('clipdock', ['ls', '/data'])).split('\n');
    for (const name of ['clipdock.sqlite', 'blobs', 'encryption.key'])
      check(data.includes(name), `/data holds ${name} (${data.join(' ')})`);
    return { slug: pasteSlug, file: uploaded };
  });
  await step('default profile: recreated on the same volume', async () => {
    await stack.down({ volumes: false });
    await stack.up('default');
    await waitHealthy(origin, 120_000);
    await login(origin, admin);
    check((await readPaste(origin, slug)) === 'written in the default profile', 'the paste survives');
    await checkDownload(origin, file);
  });
  await step('default profile: down', () => stack.down({ volumes: true }));
}

type ScaledPorts = { proxy: number; app1: number; app2: number; rgw: number };

async function scaledProfile(stack: ComposeStack, ports: ScaledPorts, admin: Admin, s3: S3Client) {
  const [proxy, one, two] = [ports.proxy, ports.app1, ports.app2].map((port) => `http://127.0.0.1:${port}`);
  check(proxy !== undefined && one !== undefined && two !== undefined, 'three origins');
  await step('scaled profile: docker compose --profile scaled up -d proxy', () => stack.up('scaled'));
  await step('scaled profile: the bucket', async () => {
    await createBucketWhenReady(s3, 'clipdock', 180_000);
  });
  await step('scaled profile: health through the proxy and on each instance', async () => {
    for (const origin of [proxy, one, two]) await waitHealthy(origin, 120_000);
  });
  await step('scaled profile: a paste through one instance, read through the other', async () => {
    const token = await login(one, admin);
    const slug = await writePaste(one, token, 'written through instance 1');
    check((await readPaste(two, slug)) === 'written through instance 1', 'instance 2 reads the paste of instance 1');
    check((await readPaste(proxy, slug)) === 'written through instance 1', 'the proxy serves it too');
    const back = await writePaste(two, await login(two, admin), 'written through instance 2');
    check((await readPaste(one, back)) === 'written through instance 2', 'instance 1 reads the paste of instance 2');
  });
  await step('scaled profile: a file uploaded through the proxy into the bucket', async () => {
    const token = await login(proxy, admin);
    const file = await uploadFile(proxy, token, 'scaled.bin', 2_000_000);
    const bucket = `http://127.0.0.1:${ports.rgw}/clipdock/`;
    check(file.uploadUrl.startsWith(bucket), `the upload link points into the bucket (${file.uploadUrl})`);
    for (const origin of [proxy, one, two]) await checkDownload(origin, file);
  });
  await step('scaled profile: down', () => stack.down({ volumes: true }));
}

async function main(): Promise<void> {
  const debian = await step('Debian base image', () => ensureDebianBase(log));
  const nodeImage = await step('Node 22 base image', () => ensureNodeImage(log));
  await step('app image (Dockerfile)', () => buildApp(nodeImage));
  const [postgresImage, rgwImage, nginxImage] = await step('PostgreSQL, radosgw and nginx images', async () => [
    await ensurePostgresImage(log),
    await ensureRadosgwImage(log),
    await ensureNginxImage(log),
  ]);
  log(`images: ${[debian, nodeImage, appImage, postgresImage, rgwImage, nginxImage].join(', ')}`);

  const dir = await mkdtemp(join('/var/tmp', 'clipdock-deploy-test-'));
  const ports = {
    single: await freePort(),
    proxy: await freePort(),
    app1: await freePort(),
    app2: await freePort(),
    pg: await freePort(),
    rgw: await freePort(),
    mon: await freePort(),
  };
  const admin: Admin = { username: 'admin', password: randomBytes(12).toString('hex') };
  const keys = { accessKeyId: 'clipdock', secretAccessKey: randomBytes(20).toString('hex') };
  const stack = new ComposeStack('clipdock-deploy-test', await writeHostNetworkCompose(dir), {
    DEPLOY_APP_IMAGE: appImage,
    DEPLOY_POSTGRES_IMAGE: postgresImage ?? '',
    DEPLOY_RGW_IMAGE: rgwImage ?? '',
    DEPLOY_NGINX_IMAGE: nginxImage ?? '',
    DEPLOY_NGINX_CONF: await nginxConfig(dir, ports),
    DEPLOY_SINGLE_PORT: String(ports.single),
    DEPLOY_APP1_PORT: String(ports.app1),
    DEPLOY_APP2_PORT: String(ports.app2),
    DEPLOY_PG_PORT: String(ports.pg),
    DEPLOY_RGW_PORT: String(ports.rgw),
    DEPLOY_MON_PORT: String(ports.mon),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ENCRYPTION_SECRET: randomBytes(32).toString('hex'),
    POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
    S3_PUBLIC_URL: `http://127.0.0.1:${ports.rgw}`,
    S3_ACCESS_KEY_ID: keys.accessKeyId,
    S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
  });
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${ports.rgw}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: keys,
  });
  const interrupted = () => {
    log('interrupted: removing the containers');
    void stack.down({ volumes: true }).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let failed = false;
  try {
    await stack.down({ volumes: true });
    await defaultProfile(stack, `http://127.0.0.1:${ports.single}`, admin);
    await scaledProfile(stack, ports, admin, s3);
  } catch (error) {
    failed = true;
    process.stderr.write(`\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.stderr.write(`\n--- the containers' last lines ---\n${await stack.logs()}\n`);
  } finally {
    s3.destroy();
    await stack.down({ volumes: true }).catch((error: unknown) => process.stderr.write(`clean-up: ${String(error)}\n`));
    await rm(dir, { recursive: true, force: true });
  }
  log(`timings: ${timings.join('; ')}`);
  if (failed) {
    log(`deploy test FAILED after ${seconds(started)}`);
    process.exit(1);
  }
  log(`deploy test passed in ${seconds(started)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
