import { copyFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginResponseSchema } from '@shared/api/auth.schema';
import { envelopeSchema } from '@shared/envelope';
import { AdminPage } from './pages/admin.page';
import { AdminKeysPage } from './pages/admin-keys.page';
import { AdminMountsPage } from './pages/admin-mounts.page';
import { AdminSettingsPage } from './pages/admin-settings.page';
import { E2E_ADMIN, E2E_PORT } from './support/env';

test.use({ locale: 'en-US', colorScheme: 'light' });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

async function loginAsAdmin(page: Page, password: string = E2E_ADMIN.password): Promise<AdminPage> {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, password);
  await expect(admin.modules).toBeVisible();
  return admin;
}

/** On a phone the lists become cards: nothing may scroll sideways. */
async function expectNoSideScroll(page: Page, screenshotPath: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath, fullPage: true });
}

/** Logs in with an API key in a context that shares nothing with the admin's. */
async function freshKeySession(browser: Browser, key: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}`, locale: 'en-US' });
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.loginWithApiKey(key);
  return { page, close: () => context.close() };
}

test('a text-only key is copied once and then sees only text management', async ({
  page,
  context,
  browser,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAsAdmin(page);
  const keys = new AdminKeysPage(page);
  await keys.goto();
  const name = unique('text-only');
  await keys.create(name, { text: true });
  await expect(keys.createdDialog).toContainText('You won’t see this key again');
  const shown = await keys.createdKey.inputValue();
  await keys.createdDialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(keys.createdDialog.getByText('Copied to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await keys.closeCreatedDialog();
  const row = keys.table.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Text', { exact: true })).toBeVisible();
  await expect(row).not.toContainText(shown);
  await expectNoSideScroll(page, testInfo.outputPath('keys-390.png'));

  const session = await freshKeySession(browser, copied);
  try {
    const modules = session.page.getByRole('navigation', { name: 'Admin modules' });
    await expect(modules.getByRole('link')).toHaveText(['Text management']);
    await expect(session.page).toHaveURL(/\/admin\/text-management$/);
  } finally {
    await session.close();
  }
});

test('a key without permissions is sent home and logs out from the header', async ({ page, browser }, testInfo) => {
  await loginAsAdmin(page);
  const keys = new AdminKeysPage(page);
  await keys.goto();
  await keys.create(unique('no-rights'), {});
  const key = await keys.createdKey.inputValue();

  const session = await freshKeySession(browser, key);
  try {
    await expect(session.page).toHaveURL(/\/$/);
    await expect(session.page.getByRole('navigation', { name: 'Admin modules' })).toHaveCount(0);
    // The key never sees the panel, so the header offers its logout (in the menu on a phone).
    const { page: keyPage } = session;
    for (const language of ['en', 'zh'] as const) {
      await keyPage.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      await keyPage.reload();
      const logout = keyPage.getByRole('button', {
        name: language === 'en' ? 'Log out (API key)' : '退出登录（API 密钥）',
      });
      await keyPage.setViewportSize({ width: 1280, height: 800 });
      await expect(logout).toBeVisible();
      await keyPage.screenshot({ path: testInfo.outputPath(`key-logout-${language}-1280.png`) });
      await keyPage.setViewportSize({ width: 390, height: 844 });
      await keyPage.getByRole('button', { name: language === 'en' ? 'Open menu' : '打开菜单' }).click();
      await expect(logout).toBeVisible();
      expect(await keyPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keyPage.screenshot({ path: testInfo.outputPath(`key-logout-${language}-390.png`) });
    }
    await keyPage.getByRole('button', { name: '退出登录（API 密钥）' }).click();
    await expect(keyPage.getByRole('button', { name: '退出登录（API 密钥）' })).toHaveCount(0);
    expect(await keyPage.evaluate(() => window.localStorage.getItem('api_key'))).toBeNull();
  } finally {
    await session.close();
  }
});

test('a mount on the default storage config is created and switched off', async ({ page }, testInfo) => {
  await loginAsAdmin(page);
  const mounts = new AdminMountsPage(page);
  await mounts.goto();
  await mounts.createButton.click();
  const configs = await mounts.storageConfigOptions();
  const config = configs.find((label) => label.endsWith('(default)')) ?? configs[0];
  expect(config, 'the server creates a default local storage config at first start').toBeDefined();
  const name = unique('E2E mount');
  await mounts.create(name, `/${unique('e2e')}`, config ?? '');

  const toggle = mounts.activeSwitch(name);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(mounts.activeSwitch(name)).toHaveAttribute('aria-checked', 'false');
  await expectNoSideScroll(page, testInfo.outputPath('mounts-390.png'));
});

test('the maximum upload size is saved and survives a reload', async ({ page }) => {
  await loginAsAdmin(page);
  const settings = new AdminSettingsPage(page);
  await settings.goto();
  const before = { size: await settings.maxUploadSize.inputValue(), unit: await settings.unit.inputValue() };

  await settings.maxUploadSize.fill('0');
  await settings.saveSettings.click();
  await expect(page.getByText('Enter a whole number greater than 0.')).toBeVisible();

  await settings.maxUploadSize.fill('321');
  await settings.unit.selectOption('KB');
  await settings.saveSettings.click();
  await expect(settings.saved).toBeVisible();
  await page.reload();
  await expect(settings.maxUploadSize).toHaveValue('321');
  await expect(settings.unit).toHaveValue('KB');

  await settings.maxUploadSize.fill(before.size);
  await settings.unit.selectOption(before.unit);
  await settings.saveSettings.click();
  await expect(settings.saved).toBeVisible();
});

test('changing the admin password ends every session and the new password works', async ({
  page,
  browser,
  request,
}) => {
  const newPassword = `${E2E_ADMIN.password}-next`;
  const logoutCalls: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/admin/logout')) logoutCalls.push(response.status());
  });
  await loginAsAdmin(page);
  const other = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}`, locale: 'en-US' });
  try {
    const otherPage = await other.newPage();
    await loginAsAdmin(otherPage);

    const settings = new AdminSettingsPage(page);
    await settings.goto();
    await settings.changePassword(E2E_ADMIN.password, E2E_ADMIN.password);
    await expect(page.getByText('The new password must differ from the current one.')).toBeVisible();
    await settings.changePassword(E2E_ADMIN.password, newPassword);
    await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
    const notice = page.getByText('The admin account was changed and every session has ended.');
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    // In view and clear of the sticky header, though the settings screen was scrolled to its account form.
    await expect(notice).toBeInViewport({ ratio: 1 });
    const headerBottom = (await page.locator('.site-header').boundingBox())?.height ?? 0;
    expect((await notice.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
    // The server revoked the token already: no logout call that could only answer 401.
    expect(logoutCalls).toEqual([]);

    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Admin login' })).toBeVisible();

    const admin = new AdminPage(page);
    await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(admin.error).toContainText('Invalid username or password.');
    await admin.login(E2E_ADMIN.username, newPassword);
    await expect(admin.modules).toBeVisible();
  } finally {
    await other.close();
    const login = await request.post('/api/admin/login', {
      data: { username: E2E_ADMIN.username, password: newPassword },
    });
    if (login.ok()) {
      const { token } = envelopeSchema(loginResponseSchema).parse(await login.json()).data;
      const restored = await request.post('/api/admin/change-password', {
        headers: { Authorization: `Bearer ${token}` },
        data: { currentPassword: newPassword, newPassword: E2E_ADMIN.password },
      });
      expect(restored.ok(), 'the e2e admin password is restored for the other tests').toBe(true);
    }
  }
});

test('the dashboard shows totals and activity in both themes, on desktop and phone', async ({ page }, testInfo) => {
  await loginAsAdmin(page);
  await expect(page.getByRole('list', { name: 'Totals' })).toContainText('API keys');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((mode) => window.localStorage.setItem('themeMode', mode), theme);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('img', { name: /Bar chart of text shares and files/ })).toBeVisible();
      await expect(page.getByRole('meter').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const path = testInfo.outputPath(`dashboard-${theme}-${viewport.width}.png`);
      await page.screenshot({ path, fullPage: viewport.width < 640 });
      // UPDATE_DOCS=1 refreshes the README's screenshot; a normal run leaves the tracked file alone.
      if (process.env.UPDATE_DOCS === '1' && theme === 'light' && viewport.width === 1280)
        await copyFile(path, 'docs/dashboard.png');
    }
  }
});

test('on a phone every admin module is in view at once, in English and Chinese', async ({ page }, testInfo) => {
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const modules = page.locator('nav.panel-nav');
  for (const language of ['en', 'zh']) {
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    await page.reload();
    await expect(modules).toBeVisible();
    const links = modules.getByRole('link');
    expect(await links.count()).toBe(9);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath(`modules-390-${language}.png`) });
  }
});
