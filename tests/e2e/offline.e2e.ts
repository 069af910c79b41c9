import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell.page';
import { E2E_ADMIN, E2E_OFFLINE_PORT } from './support/env';
import { startServerProcess, type ServerProcess } from './support/server-process';

let server: ServerProcess | undefined;

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test.use({ locale: 'en-US' });

test('with the server stopped, a reload still renders the shell from the service worker', async ({ page }) => {
  server = await startServerProcess(E2E_OFFLINE_PORT);
  const shell = new ShellPage(page);
  await shell.goto(`${server.url}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled yet; a reload puts the page under the worker.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await server.stop();
  server = undefined;

  await page.reload();
  await expect(shell.navLink('Home')).toBeVisible();
  await expect(shell.navLink('Admin')).toBeVisible();
});

test('losing the connection shows a line under the header that covers nothing, and its return is confirmed', async ({ page, context }, testInfo) => {
  const shell = new ShellPage(page);
  await shell.goto('/');
  const banner = page.getByRole('status').filter({ hasText: /offline|Back online/ });
  await context.setOffline(true);
  await expect(banner).toContainText('You are offline');
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    const line = await banner.boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(line && main && line.y + line.height <= main.y + 0.5).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`offline-${viewport.width}.png`) });
  }
  await context.setOffline(false);
  await expect(banner).toContainText('Back online.');
  await expect(banner).toHaveCount(0);
});

test('a paste viewed online opens offline after a reload, marked as an offline copy', async ({ page, context, request }) => {
  const token = ((await (await request.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).json()) as { data: { token: string } }).data.token;
  const slug = `kept-${Date.now().toString(36)}`;
  const created = await request.post('/api/paste', { headers: { authorization: `Bearer ${token}` }, data: { content: 'Read me on the train', slug, format: 'plain' } });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto(`/paste/${slug}`);
  await expect(page.locator('.paste-content pre')).toHaveText('Read me on the train');
  await expect(page.getByRole('note')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.paste-content pre')).toHaveText('Read me on the train');
  await expect(page.getByRole('note')).toContainText('Offline copy saved on this device');
  await context.setOffline(false);
});
