import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker controls the page, reloading once if it does not yet: a first
 * visit is not controlled, and only a controlled page finds its lazily loaded code offline.
 */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
