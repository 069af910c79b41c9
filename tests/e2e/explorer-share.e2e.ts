// "Share…" in the mount explorer end to end: the admin shares a file of a local mount with a
// password, a view limit, a remark and a custom link suffix, gets the link with its copy button and
// QR code, and the link's page (after the password) offers that file, which stays in its mount. The
// dialog works from the keyboard, and fits without sideways scroll at 1280 and 390 px in English and
// Chinese (screenshots in the test's output folder).
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { ExplorerPage } from './pages/explorer.page';
import { FilePage } from './pages/file.page';
import { adminCall, adminToken, emptyFolder, envelope } from './support/admin-api';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const run = randomBytes(4).toString('hex');
const mountPath = `/e2e-share-${run}`;
const mountName = `share-${run}`;
const content = `quarterly numbers ${run}\n`;
let token = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string() }))).parse(
    await (await adminCall(request, token, 'get', '/s3-configs')).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  await adminCall(request, token, 'post', '/admin/mounts', {
    name: mountName,
    storage_type: 'local',
    storage_config_id: local?.id,
    mount_path: mountPath,
    cache_ttl: 0,
  });
  await adminCall(request, token, 'post', '/admin/fs/update', { path: `${mountPath}/report.txt`, content });
});

test.afterAll(async ({ request }) => emptyFolder(request, token, `${mountPath}/`));

async function signIn(page: Page, language = 'en'): Promise<void> {
  await page.addInitScript({
    content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)}); window.localStorage.setItem('language', ${JSON.stringify(language)});`,
  });
}

async function noSideScroll(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a file of a mount is shared with its settings, and its link opens that file', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const explorer = new ExplorerPage(page);
  await explorer.goto(mountPath);
  await explorer.entry('report.txt').click({ button: 'right' });
  await explorer.menuItem('Share…').click();

  const dialog = page.getByRole('dialog', { name: 'Share “report.txt”' });
  await dialog.getByLabel('Password (optional)').fill('open sesame');
  await dialog.getByLabel('Expires').selectOption({ label: 'In 7 days' });
  await dialog.getByLabel('View limit (0 or empty = unlimited)').fill('3');
  await dialog.getByLabel('Remark (optional)').fill('for the board');
  await dialog.getByLabel('Custom link suffix (optional)').fill('bad suffix');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText('Use only letters, digits, - and _.')).toBeVisible();
  await dialog.getByLabel('Custom link suffix (optional)').fill(`board-${run}`);
  await dialog.getByRole('button', { name: 'Create link' }).click();

  const link = dialog.getByTestId('share-link');
  await expect(link).toHaveText(new RegExp(`/file/board-${run}$`));
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Show QR code' }).click();
  await expect(dialog.getByRole('img', { name: /^QR code for / })).toBeVisible();
  const url = await link.textContent();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // The same suffix again is refused in the field, not with a generic error.
  await explorer.entry('report.txt').click({ button: 'right' });
  await explorer.menuItem('Share…').click();
  await dialog.getByLabel('Custom link suffix (optional)').fill(`board-${run}`);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText('This link suffix is already taken; choose another.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const file = new FilePage(page);
  await file.goto(url ?? '');
  await file.unlock('open sesame');
  await expect(file.details).toContainText('report.txt');
  expect(await file.downloadSha256()).toBeDefined();

  const listed = await adminCall(request, token, 'get', `/admin/fs/list?path=${encodeURIComponent(mountPath)}`);
  expect(await listed.text()).toContain('report.txt');
});

test('the menu item and the dialog work from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const explorer = new ExplorerPage(page);
  await explorer.goto(mountPath);
  await explorer.entry('report.txt').getByRole('button', { name: 'Actions for report.txt' }).focus();
  await page.keyboard.press('Enter');
  const item = explorer.menuItem('Share…');
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Share “report.txt”' });
  await expect(dialog.getByLabel('Password (optional)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

for (const language of ['en', 'zh'] as const) {
  test(`the share dialog fits at 1280 and 390 px in ${language}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, language);
    const explorer = new ExplorerPage(page);
    await page.goto(`/mount-explorer${mountPath}`);
    await expect(explorer.link('report.txt')).toBeVisible();
    const action = language === 'en' ? 'Share…' : '分享…';
    await explorer.entry('report.txt').click({ button: 'right' });
    await explorer.menuItem(action).click();
    const dialog = page.getByRole('dialog');
    for (const width of [1280, 390]) {
      await noSideScroll(page, width);
      await page.screenshot({ path: testInfo.outputPath(`share-form-${language}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: language === 'en' ? 'Create link' : '创建链接' }).click();
    await dialog.getByRole('button', { name: language === 'en' ? 'Show QR code' : /二维码/ }).click();
    await expect(dialog.getByRole('img')).toBeVisible();
    for (const width of [1280, 390]) {
      await noSideScroll(page, width);
      await page.screenshot({ path: testInfo.outputPath(`share-link-${language}-${width}.png`), fullPage: true });
    }
  });
}
