import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { PasteHomePage } from './pages/paste-home.page';
import { UploadPage } from './pages/upload.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

async function logIn(page: Page): Promise<void> {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin.modules).toBeVisible();
}

async function inFreshPage(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('an end-to-end encrypted paste: sealed before it leaves, opened only with the link, no view spent without it', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write('# Launch codes\n\nThe door opens with 7781.');
  await home.setOptions({ maxViews: 1 });
  await page.getByLabel('End-to-end encrypted').check();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/paste') && request.method() === 'POST');
  const link = await home.create();
  const body = (await sent).postData() ?? '';
  expect(body).toContain('e2ee1:');
  expect(body).not.toMatch(/Launch codes|7781/);
  expect(link).toMatch(/#k=[A-Za-z0-9_-]{43}$/);
  const [bare = ''] = link.split('#');

  // Without the key: told so at once, and the one view is left for the rightful reader.
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(bare);
    await expect(visitor.getByRole('heading', { name: 'This paste is end-to-end encrypted' })).toBeVisible();
    await expect(visitor.getByText('7781')).toHaveCount(0);
  });
  // With another key: told by the paste's key check before the one view could be spent.
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(`${bare}#k=${'A'.repeat(43)}`);
    await expect(visitor.getByRole('heading', { name: 'This link does not open the paste' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: /Show it/ })).toHaveCount(0);
  });
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(link);
    await visitor.getByRole('button', { name: 'Show it: this can be viewed 1 more time' }).click();
    const content = visitor.getByRole('article', { name: 'Paste content' });
    await expect(content.getByRole('heading', { name: 'Launch codes' })).toBeVisible();
    await expect(content).toContainText('The door opens with 7781.');
  });
});

test('an encrypted paste without a view limit opens at once with its link, and a wrong key says so', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write('plain words, sealed');
  await page.getByLabel('End-to-end encrypted').check();
  const link = await home.create();
  const [bare = ''] = link.split('#');
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(link);
    await expect(visitor.getByRole('article', { name: 'Paste content' })).toContainText('plain words, sealed');
  });
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(`${bare}#k=${'A'.repeat(43)}`);
    await expect(visitor.getByRole('heading', { name: 'This link does not open the paste' })).toBeVisible();
  });
});

test('an end-to-end encrypted file share: sealed in the worker, opened in a fresh browser by preview and by download', async ({
  page,
  browser,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2ee-'));
  try {
    const text = 'Minutes of the meeting.\nThe budget is 4,217,000.\n';
    const path = join(dir, 'board minutes.txt');
    await writeFile(path, text);
    await logIn(page);
    const upload = new UploadPage(page);
    await upload.goto();
    await page.getByLabel('End-to-end encrypted').check();
    const sealedPut = page.waitForRequest((request) => request.method() === 'PUT');
    await upload.upload([path]);
    const body = (await sealedPut).postDataBuffer() ?? Buffer.alloc(0);
    expect(body.toString('latin1')).not.toContain('budget');
    const link = upload.row('board minutes.txt').getByRole('link', { name: /\/file\// });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/#k=[A-Za-z0-9_-]{43}$/);
    await expect(upload.row('board minutes.txt')).toContainText('copy it now');

    await inFreshPage(browser, async (visitor) => {
      await visitor.goto(href.split('#')[0] ?? '');
      await expect(visitor.getByRole('heading', { name: 'This file is end-to-end encrypted' })).toBeVisible();
      await expect(visitor.getByText('board minutes.txt')).toHaveCount(0);
    });
    await inFreshPage(browser, async (visitor) => {
      await visitor.goto(href);
      await expect(visitor.getByText('board minutes.txt')).toBeVisible();
      await visitor.getByRole('button', { name: 'Decrypt and preview' }).click();
      await expect(visitor.getByText('The budget is 4,217,000.')).toBeVisible();
      for (let round = 0; round < 2; round += 1) {
        const downloaded = visitor.waitForEvent('download');
        await visitor.getByRole('button', { name: 'Download' }).click();
        const file = await downloaded;
        expect(file.suggestedFilename()).toBe('board minutes.txt');
        expect(await readFile((await file.path()) ?? '', 'utf8')).toBe(text);
        // The second round goes through the service worker, which controls the page after a reload.
        await visitor.reload();
        await expect.poll(() => visitor.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
        await expect(visitor.getByText('board minutes.txt')).toBeVisible();
      }
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
