// Move in the mount explorer end to end: two selected files dragged onto a folder's row and one
// dragged back onto a breadcrumb, "Move to…" with its folder picker, cut and paste by keyboard,
// and a folder moved from the local driver into radosgw as a task of the task panel. The dialog
// is photographed at 1280 and 390 px in English and Chinese.
import { randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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
const localMount = { name: `move-local-${run}`, path: `/e2e-move-local-${run}` };
const s3Mount = { name: `move-s3-${run}`, path: `/e2e-move-s3-${run}` };
const prefix = `e2e-move-${run}`;
let token = '';

async function write(request: APIRequestContext, path: string, content: string): Promise<void> {
  const answer = await adminCall(request, token, 'post', '/admin/fs/update', { path, content });
  expect(answer.ok()).toBe(true);
}

async function mkdir(request: APIRequestContext, path: string): Promise<void> {
  expect((await adminCall(request, token, 'post', '/admin/fs/mkdir', { path })).ok()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string() }))).parse(
    await (await adminCall(request, token, 'get', '/s3-configs')).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  expect(local).toBeDefined();
  const rgw = rgwFromEnv();
  const created = await adminCall(request, token, 'post', '/s3-configs', {
    name: `radosgw-move-${run}`,
    provider_type: 'Other S3 Compatible',
    endpoint_url: rgw.endpoint,
    bucket_name: rgw.bucket,
    access_key_id: rgw.accessKeyId,
    secret_access_key: rgw.secretAccessKey,
    path_style: true,
  });
  const { id } = envelope(z.object({ id: z.string() })).parse(await created.json()).data;
  await adminCall(request, token, 'post', `/s3-configs/${id}/apply-cors`, { origin: `http://localhost:${E2E_PORT}` });
  for (const [mount, type, config] of [
    [localMount, 'local', local?.id],
    [s3Mount, 's3', id],
  ] as const)
    await adminCall(request, token, 'post', '/admin/mounts', {
      name: mount.name,
      storage_type: type,
      storage_config_id: config,
      mount_path: mount.path,
      cache_ttl: 0,
    });
  for (const folder of ['work/', 'work/box/', 'work/tree/', 'work/tree/sub/'])
    await mkdir(request, `${localMount.path}/${folder}`);
  // A folder named like a file in the way: a move of that file there is refused.
  await mkdir(request, `${localMount.path}/work/box/blocked.txt/`);
  await write(request, `${localMount.path}/work/box/blocked.txt/inside.txt`, 'in the way\n');
  for (const name of ['one.txt', 'two.txt', 'dialog.txt', 'keys.txt', 'blocked.txt'])
    await write(request, `${localMount.path}/work/${name}`, `content of ${name}\n`);
  await write(request, `${localMount.path}/work/tree/top.txt`, 'top\n');
  await write(request, `${localMount.path}/work/tree/sub/deep.txt`, 'deep\n');
  await mkdir(request, `${s3Mount.path}/${prefix}/`);
});

test.afterAll(async ({ request }) => emptyFolder(request, token, `${localMount.path}/`));

async function open(page: Page, folder: string): Promise<ExplorerPage> {
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  await page.setViewportSize({ width: 1280, height: 900 });
  const explorer = new ExplorerPage(page);
  await explorer.goto(folder);
  return explorer;
}

test('two selected files dragged onto a folder move into it, and one dragged onto a breadcrumb moves back', async ({
  page,
}, testInfo) => {
  const explorer = await open(page, `${localMount.path}/work/`);
  await explorer.entry('one.txt').getByRole('checkbox').check();
  await explorer.entry('two.txt').getByRole('checkbox').check();
  // The selection bar offers Move too, and still fits a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('region', { name: /2 selected/ }).getByRole('button', { name: 'Move to…' }),
  ).toBeVisible();
  await explorer.expectNoSideScroll();
  await page.screenshot({ path: testInfo.outputPath('move-selection-en-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await explorer.entry('one.txt').dragTo(explorer.entry('box'));
  await expect(page.getByText('Move started. Follow it in the task panel.')).toBeVisible();
  await expect(explorer.link('one.txt')).toHaveCount(0);
  await expect(explorer.link('two.txt')).toHaveCount(0);

  await explorer.link('box').click();
  await expect(explorer.link('one.txt')).toBeVisible();
  await expect(explorer.link('two.txt')).toBeVisible();
  await explorer
    .entry('two.txt')
    .dragTo(page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'work' }));
  await expect(explorer.link('two.txt')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'work' }).click();
  await expect(explorer.link('two.txt')).toBeVisible();
});

test('"Move to…" walks to a folder and moves the file there; the dialog in both languages at 1280 and 390', async ({
  page,
}, testInfo) => {
  const explorer = await open(page, `${localMount.path}/work/`);
  for (const language of ['en', 'zh'] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await explorer.entry('dialog.txt').click({ button: 'right' });
      await page.getByRole('menuitem', { name: language === 'en' ? 'Move to…' : '移动到…' }).click();
      await expect(explorer.dialog).toBeVisible();
      await explorer.expectNoSideScroll();
      await page.screenshot({ path: testInfo.outputPath(`move-dialog-${language}-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(explorer.dialog).toHaveCount(0);
    }
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await explorer.entry('dialog.txt').click({ button: 'right' });
  await explorer.menuItem('Move to…').click();
  const dialog = page.getByRole('dialog', { name: 'Move dialog.txt to…' });
  await dialog.getByRole('button', { name: 'box', exact: true }).click();
  await expect(dialog.getByText(/Into: Mounts .* \/ work \/ box$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Move here' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(explorer.link('dialog.txt')).toHaveCount(0);
  await explorer.link('box').click();
  await expect(explorer.link('dialog.txt')).toBeVisible();
});

test('Ctrl+X on a file and Ctrl+V in another folder move it there', async ({ page }) => {
  const explorer = await open(page, `${localMount.path}/work/`);
  await explorer.link('keys.txt').focus();
  await page.keyboard.press('Control+x');
  await expect(page.getByText(/1 item cut/)).toBeVisible();
  await explorer.link('box').click();
  await expect(explorer.link('one.txt')).toBeVisible();
  await page.keyboard.press('Control+v');
  await expect(explorer.link('keys.txt')).toBeVisible();
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'work' }).click();
  await expect(explorer.link('tree')).toBeVisible();
  await expect(explorer.link('keys.txt')).toHaveCount(0);
});

test('a folder moved from the local driver into radosgw runs in the task panel and leaves its source', async ({
  page,
}, testInfo) => {
  const explorer = await open(page, `${localMount.path}/work/`);
  const transfers = new TransfersPage(page);
  await explorer.entry('tree').click({ button: 'right' });
  await explorer.menuItem('Move to…').click();
  const dialog = page.getByRole('dialog', { name: 'Move tree to…' });
  const up = dialog.getByRole('button', { name: 'Up one folder' });
  while (await up.isVisible()) await up.click();
  await dialog.getByRole('button', { name: s3Mount.name, exact: true }).click();
  await dialog.getByRole('button', { name: prefix, exact: true }).click();
  await dialog.getByRole('button', { name: 'Move here' }).click();
  await expect(dialog).toHaveCount(0);

  await transfers.openTasks();
  const task = transfers.tasks().filter({ hasText: 'Move tree' });
  await expect(task).toContainText('Move completed: 2 succeeded, 0 failed', { timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('move-task-1280.png') });
  await transfers.close();
  await expect(explorer.link('tree')).toHaveCount(0);

  const s3 = s3ClientFor(rgwFromEnv());
  const object = await s3.send(
    new GetObjectCommand({ Bucket: rgwFromEnv().bucket, Key: `${prefix}/tree/sub/deep.txt` }),
  );
  expect(await object.Body?.transformToString()).toBe('deep\n');
});

test("a refused move says why in the task panel, in the user's language, and leaves the file where it was", async ({
  page,
}, testInfo) => {
  const explorer = await open(page, `${localMount.path}/work/`);
  const transfers = new TransfersPage(page);
  await explorer.entry('blocked.txt').dragTo(explorer.entry('box'));
  await transfers.openTasks();
  const task = transfers.tasks().filter({ hasText: 'Move blocked.txt' });
  await expect(task).toContainText('Failed');
  await task.getByText('Failed items').click();
  await expect(task).toContainText('Not moved: something is already at the target or in the way.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('move-failed-en-390.png') });
  await transfers.close();
  await expect(explorer.link('blocked.txt')).toBeVisible();
});
