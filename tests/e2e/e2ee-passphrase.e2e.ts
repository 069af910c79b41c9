// Passphrase shares (docs/encryption.md, "Passphrases" and "The lock"): the link carries no key, the
// share page asks for the passphrase, derives the key in a worker and checks it against the share's
// key check before anything that could spend a view; a wrong passphrase is said at once. An
// encrypted upload interrupted by a reload resumes with the same passphrase.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page, type Request, type Route } from '@playwright/test';
import { PasteHomePage } from './pages/paste-home.page';
import { UploadPage } from './pages/upload.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

const PASSPHRASE = 'tangerine kite under the bridge';

async function signIn(page: Page): Promise<string> {
  const response = await page.request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(response.ok()).toBe(true);
  const body: unknown = await response.json();
  const token =
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof body.data === 'object' &&
    body.data !== null &&
    'token' in body.data
      ? body.data.token
      : null;
  if (typeof token !== 'string') throw new Error('login answered without a token');
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  return token;
}

async function inFreshPage(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The paste's view count as its owner's list says it. */
async function viewsOf(page: Page, token: string, slug: string): Promise<unknown> {
  const response = await page.request.get('/api/admin/pastes?limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  const find = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(find).find((found) => found !== undefined);
    if (typeof value !== 'object' || value === null) return undefined;
    if ('slug' in value && value.slug === slug && 'views' in value) return value.views;
    return find(Object.values(value));
  };
  return find(await response.json());
}

const isPasteRead = (request: Request) =>
  request.method() === 'GET' && /\/api\/paste\/[^/?]+/.test(request.url()) && !request.url().includes('reveal=ask');

test('a passphrase paste: no key in its link, a wrong passphrase spends no view, the right one opens it', async ({
  page,
  browser,
}) => {
  const token = await signIn(page);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write('The spare key is under the third stone.');
  await home.setOptions({ maxViews: 1 });
  await page.getByLabel('End-to-end encrypted').check();
  const field = page.getByLabel('Passphrase instead of a key in the link (optional)');
  await field.fill('short');
  await home.createButton.click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await field.fill(PASSPHRASE);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/paste') && request.method() === 'POST');
  const link = await home.create();
  const body = (await sent).postData() ?? '';
  expect(body).not.toMatch(/spare key|tangerine/);
  expect(body).toContain('"kdf"');
  expect(link).not.toContain('#');
  const slug = new URL(link).pathname.split('/').pop() ?? '';

  await inFreshPage(browser, async (visitor) => {
    const reads: string[] = [];
    visitor.on('request', (request) => {
      if (isPasteRead(request)) reads.push(request.url());
    });
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'This paste is locked with a passphrase' })).toBeVisible();
    const passphrase = visitor.getByLabel('Passphrase');
    await passphrase.fill('tangerine kite under the bridges');
    await passphrase.press('Enter');
    await expect(visitor.getByText('Wrong passphrase. Nothing was read, so no view was used.')).toBeVisible();
    expect(reads).toEqual([]);
    expect(await viewsOf(page, token, slug)).toBe(0);

    await passphrase.fill(PASSPHRASE);
    await visitor.getByRole('button', { name: 'Open paste' }).click();
    await visitor.getByRole('button', { name: 'Show it: this can be viewed 1 more time' }).click();
    await expect(visitor.getByRole('article', { name: 'Paste content' })).toContainText(
      'The spare key is under the third stone.',
    );
  });
});

test('a passphrase file share opens in a fresh browser with the passphrase, and says so for a wrong one', async ({
  page,
  browser,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2ee-pass-'));
  try {
    const text = 'Ledger, page 12.\nBalance 9,930.\n';
    const path = join(dir, 'ledger.txt');
    await writeFile(path, text);
    await signIn(page);
    const upload = new UploadPage(page);
    await upload.goto();
    await page.getByLabel('End-to-end encrypted').check();
    await page.getByLabel('Passphrase instead of a key in the link (optional)').fill(PASSPHRASE);
    await upload.upload([path]);
    const href = await upload.shareLink('ledger.txt');
    expect(href).not.toContain('#');

    await inFreshPage(browser, async (visitor) => {
      const downloads: string[] = [];
      visitor.on('request', (request) => {
        if (request.url().includes('/download')) downloads.push(request.url());
      });
      await visitor.goto(href);
      await expect(visitor.getByRole('heading', { name: 'This file is locked with a passphrase' })).toBeVisible();
      await expect(visitor.getByText('ledger.txt')).toHaveCount(0);
      const passphrase = visitor.getByLabel('Passphrase');
      await passphrase.fill('not the passphrase');
      await visitor.getByRole('button', { name: 'Open file' }).click();
      await expect(visitor.getByText('Wrong passphrase. Nothing was downloaded, so no view was used.')).toBeVisible();
      expect(downloads).toEqual([]);
      await passphrase.fill(PASSPHRASE);
      await visitor.getByRole('button', { name: 'Open file' }).click();
      await expect(visitor.getByText('ledger.txt')).toBeVisible();
      const downloaded = visitor.waitForEvent('download');
      await visitor.getByRole('button', { name: 'Download' }).click();
      const file = await downloaded;
      expect(file.suggestedFilename()).toBe('ledger.txt');
      expect(await readFile((await file.path()) ?? '', 'utf8')).toBe(text);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const MB = 1024 * 1024;
const isPartPut = (request: Request) =>
  request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/blob/');

test('an encrypted passphrase upload interrupted by a reload resumes with the same passphrase', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2ee-resume-'));
  try {
    // 80 MiB seals to 80 MiB and 20,480 bytes of tags: six part PUTs of 16 MiB (the last one short),
    // of which one reaches storage before the reload.
    const bytes = randomBytes(80 * MB);
    const path = join(dir, 'archive.bin');
    await writeFile(path, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const token = await signIn(page);
    const settings = await page.request.put('/api/admin/system-settings', {
      headers: { authorization: `Bearer ${token}` },
      data: { max_upload_size: 1, max_upload_size_unit: 'GB' },
    });
    expect(settings.ok()).toBe(true);
    const upload = new UploadPage(page);
    await upload.goto();
    const chooseLocal = async () => {
      const storage = page.getByLabel('Storage', { exact: true });
      const local = await storage.locator('option', { hasText: 'Local storage' }).first().getAttribute('value');
      await storage.selectOption(local ?? '');
      await page.getByLabel('End-to-end encrypted').check();
      await page.getByLabel('Passphrase instead of a key in the link (optional)').fill(PASSPHRASE);
    };
    await chooseLocal();

    const held: Route[] = [];
    let passed = 0;
    const blobs = (url: URL) => url.pathname.startsWith('/api/blob/');
    await page.route(blobs, async (route) => {
      if (!isPartPut(route.request())) return route.continue();
      if (passed < 1) {
        passed += 1;
        return route.continue();
      }
      held.push(route);
    });
    let stored = 0;
    page.on('response', (response) => {
      if (isPartPut(response.request()) && response.status() === 200) stored += 1;
    });
    await upload.upload([path]);
    await expect.poll(() => stored, { timeout: 120_000 }).toBe(1);
    await expect.poll(() => held.length, { timeout: 60_000 }).toBe(4);
    await page.unroute(blobs);
    await page.reload();
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await expect(page.getByRole('region', { name: 'Unfinished uploads' })).toContainText('archive.bin');
    await chooseLocal();

    const sentAfterReload: string[] = [];
    page.on('request', (request) => {
      if (isPartPut(request)) sentAfterReload.push(request.url());
    });
    await upload.upload([path]);
    const href = await upload.shareLink('archive.bin', 180_000);
    expect(href).not.toContain('#');
    // Parts held before the reload may still have reached storage as the page went away; the parts
    // storage holds are never sent again, each part at most once, and the file opens whole (below).
    const partNumbers = sentAfterReload.map((url) => new URL(url).searchParams.get('n'));
    expect(new Set(partNumbers).size).toBe(partNumbers.length);
    expect(partNumbers.length).toBeGreaterThan(0);
    expect(partNumbers.length).toBeLessThan(6);

    await inFreshPage(browser, async (visitor) => {
      await visitor.goto(href);
      await visitor.getByLabel('Passphrase').fill(PASSPHRASE);
      await visitor.getByRole('button', { name: 'Open file' }).click();
      await expect(visitor.getByText('archive.bin')).toBeVisible();
      const downloaded = visitor.waitForEvent('download', { timeout: 120_000 });
      await visitor.getByRole('button', { name: 'Download' }).click();
      const file = await downloaded;
      const got = await readFile((await file.path()) ?? '');
      expect(createHash('sha256').update(got).digest('hex')).toBe(sha256);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
