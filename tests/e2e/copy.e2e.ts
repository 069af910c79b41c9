// Copies across storages end to end: a folder three levels deep goes from a local mount into a
// radosgw mount through "Copy to…", runs as a task of the task panel, and lands byte for byte;
// a large copy between two storage configs, cancelled while its parts are on their way, leaves no
// object and no open multipart upload behind in the target.
import { randomBytes } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { z } from 'zod';
import { s3ClientFor } from '@tests/support/rgw-gateway';
import { ExplorerPage } from './pages/explorer.page';
import { TransfersPage } from './pages/transfers.page';
import { adminCall, adminToken, emptyFolder, envelope } from './support/admin-api';
import { E2E_PORT } from './support/env';
import { rgwFromEnv } from './support/rgw-env';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const run = randomBytes(4).toString('hex');
const localMount = { name: `copy-local-${run}`, path: `/e2e-copy-local-${run}` };
const s3Mount = { name: `copy-s3-${run}`, path: `/e2e-copy-s3-${run}` };
/** A second storage config on the same bucket: copies between the two go through the browser. */
const s3MountB = { name: `copy-s3b-${run}`, path: `/e2e-copy-s3b-${run}` };
/** The radosgw mounts see the whole bucket: this run keeps to its own prefix in it. */
const prefix = `e2e-copy-${run}`;
let token = '';

const tree: Record<string, string> = {
  'a.txt': 'alpha\n',
  'sub/b.txt': `beta ${'b'.repeat(3_000)}\n`,
  'sub/deep/c.csv': Array.from({ length: 5_000 }, (_, i) => `${i},${randomBytes(4).toString('hex')}`).join('\n'),
};
const MB = 1024 * 1024;
const BIG = 40 * MB;

async function addRadosgwConfig(request: APIRequestContext, name: string): Promise<string> {
  const rgw = rgwFromEnv();
  const created = await adminCall(request, token, 'post', '/s3-configs', {
    name,
    provider_type: 'Other S3 Compatible',
    endpoint_url: rgw.endpoint,
    bucket_name: rgw.bucket,
    access_key_id: rgw.accessKeyId,
    secret_access_key: rgw.secretAccessKey,
    path_style: true,
  });
  const { id } = envelope(z.object({ id: z.string() })).parse(await created.json()).data;
  await adminCall(request, token, 'post', `/s3-configs/${id}/apply-cors`, { origin: `http://localhost:${E2E_PORT}` });
  return id;
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string() }))).parse(
    await (await adminCall(request, token, 'get', '/s3-configs')).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  expect(local).toBeDefined();

  const configA = await addRadosgwConfig(request, `radosgw-copy-${run}`);
  const configB = await addRadosgwConfig(request, `radosgw-copy-b-${run}`);

  await adminCall(request, token, 'post', '/admin/mounts', {
    name: localMount.name,
    storage_type: 'local',
    storage_config_id: local?.id,
    mount_path: localMount.path,
    cache_ttl: 0,
  });
  await adminCall(request, token, 'post', '/admin/mounts', {
    name: s3Mount.name,
    storage_type: 's3',
    storage_config_id: configA,
    mount_path: s3Mount.path,
    cache_ttl: 0,
  });
  await adminCall(request, token, 'post', '/admin/mounts', {
    name: s3MountB.name,
    storage_type: 's3',
    storage_config_id: configB,
    mount_path: s3MountB.path,
    cache_ttl: 0,
  });
  for (const folder of ['tree/', 'tree/sub/', 'tree/sub/deep/'])
    await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: `${localMount.path}/${folder}` });
  for (const [path, content] of Object.entries(tree))
    await adminCall(request, token, 'post', '/admin/fs/update', { path: `${localMount.path}/tree/${path}`, content });
  await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: `${s3Mount.path}/${prefix}/` });
  await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: `${s3MountB.path}/${prefix}/target/` });
});

test.afterAll(async ({ request }) => emptyFolder(request, token, `${localMount.path}/`));

async function signIn(page: Page): Promise<void> {
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
}

/** Walks the copy dialog from where it opened up to the root, then down `into` (a mount by its name, then folders) to `folder`. */
async function chooseTarget(page: Page, into: string[], folder: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Copy .+ to…$/ });
  const up = dialog.getByRole('button', { name: 'Up one folder' });
  while (await up.isVisible()) await up.click();
  await expect(dialog.getByText('Open a mount to copy into it.')).toBeVisible();
  for (const name of into) await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog.getByText(`Into: Mounts${folder.replace(/\/$/, '').split('/').join(' / ')}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy here' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a folder three levels deep is copied from the local driver into radosgw as a task', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const explorer = new ExplorerPage(page);
  const transfers = new TransfersPage(page);
  await explorer.goto(localMount.path);
  await explorer.entry('tree').click({ button: 'right' });
  await explorer.menuItem('Copy to…').click();
  await chooseTarget(page, [s3Mount.name, prefix], `${s3Mount.path}/${prefix}/`);
  await expect(page.getByText('Copy started. Follow it in the task panel.')).toBeVisible();

  await transfers.openTasks();
  const task = transfers.tasks().filter({ hasText: 'Copy tree' });
  await expect(task).toContainText('Copy completed: 3 succeeded, 0 failed', { timeout: 60_000 });
  await transfers.close();

  const s3 = s3ClientFor(rgwFromEnv());
  for (const [path, content] of Object.entries(tree)) {
    const object = await s3.send(new GetObjectCommand({ Bucket: rgwFromEnv().bucket, Key: `${prefix}/tree/${path}` }));
    expect(await object.Body?.transformToString(), path).toBe(content);
  }
  await explorer.goto(`${s3Mount.path}/${prefix}/tree/sub/`);
  await expect(explorer.link('deep')).toBeVisible();
  await expect(explorer.link('b.txt')).toBeVisible();
});

test('a copy between storages cancelled while its parts are on their way leaves nothing in the target', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const rgw = rgwFromEnv();
  const s3 = s3ClientFor(rgw);
  const big = Buffer.alloc(BIG);
  for (let at = 0; at < BIG; at += MB) randomBytes(16).copy(big, at);
  await s3.send(new PutObjectCommand({ Bucket: rgw.bucket, Key: `${prefix}/big.bin`, Body: big }));

  await signIn(page);
  const explorer = new ExplorerPage(page);
  const transfers = new TransfersPage(page);
  await explorer.goto(`${s3Mount.path}/${prefix}/`);
  // Uploads into the gateway are held, so the copy is surely under way when it is cancelled.
  const held: Route[] = [];
  const intoGateway = (url: URL) => url.origin === new URL(rgw.endpoint).origin;
  await page.route(intoGateway, async (route) => {
    if (route.request().method() === 'PUT') held.push(route);
    else await route.continue();
  });
  await explorer.entry('big.bin').click({ button: 'right' });
  await explorer.menuItem('Copy to…').click();
  await chooseTarget(page, [s3MountB.name, prefix, 'target'], `${s3MountB.path}/${prefix}/target/`);
  await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThan(0);

  await transfers.openTasks();
  const task = transfers.tasks().filter({ hasText: 'Copy big.bin' });
  await task.getByRole('button', { name: 'Cancel' }).click();
  await expect(task).toContainText('Cancelled');
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await page.unroute(intoGateway);

  // No object at the target, and no multipart upload left open for it.
  const key = `${prefix}/target/big.bin`;
  await expect
    .poll(
      async () =>
        (await s3.send(new ListMultipartUploadsCommand({ Bucket: rgw.bucket, Prefix: key }))).Uploads?.length ?? 0,
      { timeout: 30_000 },
    )
    .toBe(0);
  const head = await s3.send(new HeadObjectCommand({ Bucket: rgw.bucket, Key: key })).then(
    () => 'found',
    (error: unknown) => (error instanceof Error ? error.name : 'error'),
  );
  expect(head).toBe('NotFound');
});
