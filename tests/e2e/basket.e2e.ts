// The file basket and the task panel end to end on the local driver: files and a folder (with a
// nested and an empty folder) go into the basket from the explorer, the folder is counted in the
// background (its exact bytes, and the total with it: spec §9's warning), survive a reload, and
// "Download all" saves one ZIP through the service worker whose entries and bytes are checked
// with unzip; where the browser has a save picker, the ZIP is written straight to the picked file
// (a file of the origin private file system answers the picker, which a test cannot click); a
// delete of several entries shows as a task with its summary.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { formatBytes } from '@ui/lib/format-bytes';
import { ExplorerPage } from './pages/explorer.page';
import { TransfersPage } from './pages/transfers.page';
import { adminCall, adminToken, emptyFolder, envelope } from './support/admin-api';
import { underServiceWorker } from './support/service-worker';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const mountPath = `/e2e-basket-${randomBytes(4).toString('hex')}`;
let token = '';

/** Text files, so they can be written through `fs/update`; the sizes differ so a mix-up shows. */
const files: Record<string, string> = {
  'alpha.txt': 'alpha\n',
  'docs/one.txt': `one ${'x'.repeat(5_000)}\n`,
  'docs/deep/two.csv': Array.from({ length: 20_000 }, (_, i) => `${i},${randomBytes(4).toString('hex')}`).join('\n'),
  'left-out.txt': 'not in the basket\n',
};

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string() }))).parse(
    await (await adminCall(request, token, 'get', '/s3-configs')).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  expect(local).toBeDefined();
  await adminCall(request, token, 'post', '/admin/mounts', {
    name: 'E2E basket',
    storage_type: 'local',
    storage_config_id: local?.id,
    mount_path: mountPath,
    cache_ttl: 0,
  });
  for (const folder of ['docs/', 'docs/deep/', 'docs/empty/'])
    await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: `${mountPath}/${folder}` });
  for (const [path, content] of Object.entries(files))
    await adminCall(request, token, 'post', '/admin/fs/update', { path: `${mountPath}/${path}`, content });
});

test.afterAll(async ({ request }) => emptyFolder(request, token, `${mountPath}/`));

async function signIn(page: Page): Promise<void> {
  // Without the save picker the ZIP goes through the service worker, as a download Playwright can catch.
  await page.addInitScript({
    content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)}); delete window.showSaveFilePicker; delete Window.prototype.showSaveFilePicker;`,
  });
}

test('files and a folder go into the basket, survive a reload and download as one ZIP', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const explorer = new ExplorerPage(page);
  const transfers = new TransfersPage(page);
  await explorer.goto(mountPath);
  await underServiceWorker(page);
  await expect(explorer.link('docs')).toBeVisible();

  await explorer.entry('alpha.txt').click({ button: 'right' });
  await explorer.menuItem('Add to basket').click();
  await expect(page.getByText('Added 1 item to the basket.')).toBeVisible();
  await explorer.entry('docs').getByRole('checkbox').check();
  await page.getByRole('region', { name: '1 selected' }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Added 1 item to the basket.')).toBeVisible();
  await expect(transfers.basketButton).toHaveAccessibleName('Basket, 2 items');

  await page.reload();
  await expect(explorer.link('docs')).toBeVisible();
  await expect(transfers.basketButton).toHaveAccessibleName('Basket, 2 items');
  await transfers.openBasket();
  await expect(transfers.basketItems()).toHaveCount(2);
  await expect(transfers.panel.getByText('2 items')).toBeVisible();
  await expect(transfers.basketItem('alpha.txt')).toContainText('Waiting');
  await expect(transfers.basketItem('docs')).toContainText('Folder, 2 files');
  // The folder's size, counted at every depth: the bytes of the files written below it.
  const docsBytes = ['docs/one.txt', 'docs/deep/two.csv'].reduce(
    (sum, path) => sum + Buffer.byteLength(files[path] ?? ''),
    0,
  );
  const docsSize = transfers.basketItem('docs').locator('data');
  await expect(docsSize).toHaveAttribute('value', String(docsBytes));
  await expect(docsSize).toHaveText(formatBytes(docsBytes));
  await expect(
    transfers.panel.getByText(`Total ${formatBytes(docsBytes + Buffer.byteLength(files['alpha.txt'] ?? ''))}`, {
      exact: true,
    }),
  ).toBeVisible();

  const downloading = page.waitForEvent('download');
  await transfers.panel.getByRole('button', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clipdock-basket-\d{4}-\d{2}-\d{2}\.zip$/);
  const dir = mkdtempSync(join(tmpdir(), 'basket-e2e-'));
  try {
    const zip = join(dir, 'basket.zip');
    await download.saveAs(zip);
    const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(listing).toEqual(['alpha.txt', 'docs/', 'docs/deep/', 'docs/deep/two.csv', 'docs/empty/', 'docs/one.txt']);
    for (const path of ['alpha.txt', 'docs/one.txt', 'docs/deep/two.csv']) {
      expect(execFileSync('unzip', ['-p', zip, path]).equals(Buffer.from(files[path] ?? '')), path).toBe(true);
    }
    execFileSync('unzip', ['-tq', zip]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(transfers.basketItem('alpha.txt')).toContainText('Downloaded');
  await expect(transfers.basketItem('docs')).toContainText('Downloaded');
  await transfers.close();

  await transfers.openTasks();
  await expect(transfers.tasks().first()).toContainText('Download completed: 3 succeeded, 0 failed');
  await transfers.close();
});

test('with a save picker, the ZIP is written to the picked file', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript({
    content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});
      window.showSaveFilePicker = async (options) => {
        window.pickedName = options.suggestedName;
        return (await navigator.storage.getDirectory()).getFileHandle('picked.zip', { create: true });
      };`,
  });
  const explorer = new ExplorerPage(page);
  const transfers = new TransfersPage(page);
  await explorer.goto(mountPath);
  await explorer.entry('docs').getByRole('checkbox').check();
  await page.getByRole('region', { name: '1 selected' }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(transfers.basketButton).toHaveAccessibleName(/^Basket, \d+ items?$/);
  await transfers.openBasket();
  // Counted, and small: "Download all" goes straight to the picker without asking.
  await expect(transfers.basketItem('docs')).toContainText('Folder, 2 files');
  await transfers.panel.getByRole('button', { name: 'Download all' }).click();
  await expect(transfers.basketItem('docs')).toContainText('Downloaded');
  await transfers.close();
  // The task completes once the file is closed, which is when its bytes land in place.
  await transfers.openTasks();
  await expect(transfers.tasks().first()).toContainText('Download completed: 2 succeeded, 0 failed');
  expect(await page.evaluate(() => (window as unknown as { pickedName: string }).pickedName)).toMatch(
    /^clipdock-basket-\d{4}-\d{2}-\d{2}\.zip$/,
  );
  const bytes = await page.evaluate(async () => {
    const file = await (await (await navigator.storage.getDirectory()).getFileHandle('picked.zip')).getFile();
    return [...new Uint8Array(await file.arrayBuffer())];
  });
  const dir = mkdtempSync(join(tmpdir(), 'basket-e2e-'));
  try {
    const zip = join(dir, 'picked.zip');
    writeFileSync(zip, Buffer.from(bytes));
    const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual(
      expect.arrayContaining(['docs/', 'docs/deep/', 'docs/deep/two.csv', 'docs/empty/', 'docs/one.txt']),
    );
    for (const path of ['docs/one.txt', 'docs/deep/two.csv']) {
      expect(execFileSync('unzip', ['-p', zip, path]).equals(Buffer.from(files[path] ?? '')), path).toBe(true);
    }
    execFileSync('unzip', ['-tq', zip]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a delete of several entries runs as a task in the panel', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const explorer = new ExplorerPage(page);
  const transfers = new TransfersPage(page);
  await explorer.goto(mountPath);
  await explorer.entry('alpha.txt').getByRole('checkbox').check();
  await explorer.entry('left-out.txt').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await explorer.confirmDelete();
  await expect(explorer.link('alpha.txt')).toHaveCount(0);
  await expect(explorer.link('left-out.txt')).toHaveCount(0);
  await transfers.openTasks();
  await expect(transfers.tasks().first()).toContainText('Delete 2 items');
  await expect(transfers.tasks().first()).toContainText('Delete completed: 2 succeeded, 0 failed');
  await explorer.expectNoSideScroll();
});
