// The update prompt across two builds: a page under one build's service worker learns,
// from its check every 5 s, that the server now serves another; the prompt can be dismissed and
// comes back on the next load; accepting sends skip-waiting and reloads the page once, under the
// new worker. The second build is the first with a changed service worker script, written over
// dist/sw.js for this test and put back after it (the server reads files per request).
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

test.use({ locale: 'en-US' });

const dist = join(process.cwd(), 'dist');
const script = join(dist, 'sw.js');
const compressed = ['.br', '.gz'].map((suffix) => script + suffix);

/** Serves a second build: another service worker script, without the first build's compressed copies. */
async function serveSecondBuild(): Promise<() => Promise<void>> {
  const original = await readFile(script);
  await Promise.all(compressed.map((file) => rename(file, `${file}.first-build`)));
  await writeFile(script, Buffer.concat([original, Buffer.from(`\n// second build ${Date.now()}\n`)]));
  return async () => {
    await writeFile(script, original);
    await Promise.all(compressed.map((file) => rename(`${file}.first-build`, file)));
  };
}

const waitingWorker = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);

test('a new build is offered, can be put off, and once accepted reloads the page once under the new worker', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const restore = await serveSecondBuild();
  try {
    const prompt = page.getByRole('region', { name: 'App notifications' }).getByText('A new version is available');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    expect(await waitingWorker(page)).toBe(true);
    await page.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toBeHidden();

    // The next load finds the new worker still waiting and offers it again.
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
    await expect(prompt).toBeHidden();
    await expect.poll(() => waitingWorker(page)).toBe(false);
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    expect(loads).toBe(1);
  } finally {
    await restore();
  }
});
