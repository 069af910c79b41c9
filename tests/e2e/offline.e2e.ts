import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell.page';
import { E2E_OFFLINE_PORT } from './support/env';
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
