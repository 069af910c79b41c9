// Uploads from a URL in Chromium against a local fixture server (allowed through URL_FETCH_ALLOW
// in playwright.config.ts): once fetched directly by the browser (CORS), once through the
// server's proxy (no CORS), and a cancel while the download runs that leaves nothing behind.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { FilePage } from './pages/file.page';
import { UploadPage } from './pages/upload.page';
import { E2E_ADMIN, E2E_DATA_DIR } from './support/env';
import { startUrlFixture, type UrlFixture } from '@tests/support/url-fixture';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const MB = 1024 * 1024;
let fixture: UrlFixture;

test.beforeAll(async () => {
  fixture = await startUrlFixture({ host: '127.0.0.2' });
});

test.afterAll(async () => {
  await fixture.close();
});

async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN });
  const token = z.object({ data: z.object({ token: z.string() }) }).parse(await response.json()).data.token;
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
}

function fileRowsNamed(filename: string): { status: string }[] {
  const db = new Database(join(E2E_DATA_DIR, 'clipdock.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return z
      .array(z.object({ status: z.string() }))
      .parse(db.prepare('select status from files where filename = ?').all(filename));
  } finally {
    db.close();
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const browserGets = (path: string) =>
  fixture.requests.filter((r) => r.path === path && r.method === 'GET' && !r.userAgent.startsWith('Clipdock'));
const serverGets = (path: string) =>
  fixture.requests.filter((r) => r.path === path && r.method === 'GET' && r.userAgent.startsWith('Clipdock'));

for (const { name, kind } of [
  { name: 'direct-7m.bin', kind: 'cors' },
  { name: 'proxied-7m.bin', kind: 'plain' },
] as const) {
  test(`a URL ${kind === 'cors' ? 'with CORS is fetched by the browser' : 'without CORS is fetched through the server'} and shared`, async ({
    page,
    request,
  }, testInfo) => {
    const filename = `${testInfo.retry}-${name}`;
    const size = 7 * MB + 123;
    const path = `/${kind}/${size}/${filename}`;
    await signInAsAdmin(page, request);
    const upload = new UploadPage(page);
    await upload.goto();
    await upload.uploadFromUrl(`${fixture.origin}${path}`);
    await expect(upload.row(filename)).toBeVisible();
    const link = await upload.shareLink(filename, 120_000);
    await expect(
      page.getByRole('region', { name: 'Recent uploads' }).getByRole('link', { name: filename }),
    ).toBeVisible();

    if (kind === 'cors') {
      expect(browserGets(path)).toHaveLength(1);
      expect(serverGets(path)).toHaveLength(0);
    } else {
      expect(serverGets(path)).toHaveLength(1);
    }
    const view = new FilePage(page);
    await view.goto(link);
    await expect(page.getByRole('heading', { name: filename })).toBeVisible();
    expect(await view.downloadSha256()).toBe(sha256(fixture.bytes(size)));
  });
}

test('cancelling while the URL still downloads leaves no file row', async ({ page, request }, testInfo) => {
  const filename = `${testInfo.retry}-cancel-me.bin`;
  const path = `/trickle/${8 * MB}/${filename}`;
  await signInAsAdmin(page, request);
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.uploadFromUrl(`${fixture.origin}${path}`);
  await expect(upload.row(filename)).toContainText('Downloading', { timeout: 30_000 });
  await expect.poll(() => fileRowsNamed(filename), { timeout: 30_000 }).toEqual([{ status: 'pending' }]);
  await upload.cancel(filename).click();
  await expect(upload.row(filename).getByRole('alert')).toHaveText('Download cancelled.');
  await expect.poll(() => fileRowsNamed(filename), { timeout: 30_000 }).toEqual([]);
  await expect(upload.row(filename).getByRole('link', { name: 'Share link' })).toHaveCount(0);
});
