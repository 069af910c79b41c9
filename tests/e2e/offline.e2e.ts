import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell.page';
import { adminToken, shareFile } from './support/admin-api';
import { E2E_OFFLINE_PORT } from './support/env';
import { storedRecord } from './support/local-db';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { underServiceWorker } from './support/service-worker';

let server: ServerProcess | undefined;

/**
 * A shown paste or file is kept at once, by a worker (a reader who leaves after 3 s finds it
 * offline); it once waited 8 s for the reader to settle. The bound leaves a busy machine room.
 */
const COPY_WAIT_MS = 5_000;

/** The page itself never loaded the local database's code: the copy was written off its main thread. */
const databaseCodeOnPage = () =>
  performance.getEntriesByType('resource').some((entry) => /\/assets\/database-[^/]*\.js$/.test(entry.name));

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test.use({ locale: 'en-US' });

test('with the server stopped, a reload still renders the shell from the service worker', async ({ page }) => {
  server = await startServerProcess(E2E_OFFLINE_PORT);
  const shell = new ShellPage(page);
  await shell.goto(`${server.url}/`);
  await underServiceWorker(page);

  await server.stop();
  server = undefined;

  await page.reload();
  await expect(shell.navLink('Home')).toBeVisible();
  await expect(shell.navLink('Admin')).toBeVisible();
});

test('losing the connection shows a line under the header that covers nothing, and its return is confirmed', async ({
  page,
  context,
}, testInfo) => {
  const shell = new ShellPage(page);
  await shell.goto('/');
  const banner = page.getByRole('status').filter({ hasText: /offline|Back online/ });
  await context.setOffline(true);
  await expect(banner).toContainText('You are offline');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
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

test('a paste viewed online opens offline after a reload, marked as an offline copy', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  const slug = `kept-${Date.now().toString(36)}`;
  const created = await request.post('/api/paste', {
    headers: { authorization: `Bearer ${token}` },
    data: { content: 'Read me on the train', slug, format: 'plain' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await underServiceWorker(page);
  await page.goto(`/paste/${slug}`);
  await expect(page.locator('.paste-content pre')).toHaveText('Read me on the train');
  await expect(page.getByRole('note')).toHaveCount(0);
  // The copy is written as soon as the paste shows: it is stored within seconds.
  await expect
    .poll(() => page.evaluate(storedRecord, { collection: 'pastes', field: 'slug', value: slug }), {
      timeout: COPY_WAIT_MS,
    })
    .toBe(true);
  expect(await page.evaluate(databaseCodeOnPage)).toBe(false);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.paste-content pre')).toHaveText('Read me on the train');
  await expect(page.getByRole('note')).toContainText('Offline copy saved on this device');
  await context.setOffline(false);
});

test('a file page viewed online opens offline after a reload, marked as an offline copy', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  const slug = await shareFile(request, token, `train-notes-${Date.now().toString(36)}.txt`, 'Read me on the train');
  await page.goto('/');
  await underServiceWorker(page);
  await page.goto(`/file/${slug}`);
  const details = page.getByLabel('File details');
  await expect(details).toContainText('train-notes-');
  await expect(page.getByRole('note')).toHaveCount(0);
  // The copy is written as soon as the details show: it is stored within seconds.
  await expect
    .poll(() => page.evaluate(storedRecord, { collection: 'files', field: 'slug', value: slug }), {
      timeout: COPY_WAIT_MS,
    })
    .toBe(true);
  expect(await page.evaluate(databaseCodeOnPage)).toBe(false);

  await context.setOffline(true);
  await page.reload();
  await expect(details).toContainText('train-notes-');
  await expect(page.getByRole('note')).toContainText('Offline copy saved on this device');
  await context.setOffline(false);
});

test('offline, a page never opened shows the temporarily unavailable page with home, back and retry', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await underServiceWorker(page);
  await context.setOffline(true);
  for (const path of ['/paste/never-opened-here', '/file/never-opened-here']) {
    await page.goto(path);
    const fallback = page.getByRole('alert').filter({ hasText: 'This page is temporarily unavailable' });
    await expect(fallback.getByRole('heading', { name: 'Page unavailable' })).toBeVisible();
    await expect(fallback.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Back to previous page' })).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  }
  await context.setOffline(false);
});
