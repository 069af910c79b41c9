// File sharing end to end against radosgw: the admin adds the bucket as default storage through
// the storage module, then files go up from the upload page and come back through their links.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { FilePage } from './pages/file.page';
import { TransfersPage } from './pages/transfers.page';
import { UploadPage } from './pages/upload.page';
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT } from './support/env';
import { s3ClientFor } from '@tests/support/rgw-gateway';
import { rgwFromEnv } from './support/rgw-env';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const MB = 1024 * 1024;
let workDir = '';

type Source = { path: string; name: string; sha256: string };

/** Writes `size` random-looking bytes (a repeated random 1 MiB block, salted per MiB) to a temp file. */
async function makeFile(name: string, size: number): Promise<Source> {
  const path = join(workDir, name);
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const block = randomBytes(Math.min(size, MB));
  for (let written = 0; written < size; written += block.length) {
    const chunk = Buffer.from(block.subarray(0, Math.min(block.length, size - written)));
    chunk.writeUInt32BE((written / MB) >>> 0, 0);
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { path, name, sha256: hash.digest('hex') };
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(response.ok()).toBe(true);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error('login answered without data');
  const data: unknown = body.data;
  if (typeof data !== 'object' || data === null || !('token' in data) || typeof data.token !== 'string')
    throw new Error('no token');
  return data.token;
}

async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  return token;
}

/** Every file row the server holds under that name, pending ones included (the admin list shows committed only). */
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

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'clipdock-e2e-files-'));
});

test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

test('the admin adds radosgw as default storage, applies CORS and tests it', async ({ page, request }, testInfo) => {
  const rgw = rgwFromEnv();
  // A retry or repeat of this serial group finds the first attempt's config still there, so it adds its own.
  const attempt = `${testInfo.repeatEachIndex}-${testInfo.retry}`;
  const name = attempt === '0-0' ? 'radosgw' : `radosgw-${attempt}`;
  await signInAsAdmin(page, request);
  await page.goto('/admin/storage-config');
  await expect(page.getByRole('heading', { name: 'Storage configuration' })).toBeVisible();
  await page.getByRole('button', { name: 'Add storage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add storage' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Endpoint URL').fill(rgw.endpoint);
  await dialog.getByLabel('Bucket').fill(rgw.bucket);
  await dialog.getByLabel('Access key ID').fill(rgw.accessKeyId);
  await dialog.getByLabel('Secret access key').fill(rgw.secretAccessKey);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Storage configurations' });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row).toContainText(rgw.bucket);
  await row.getByRole('button', { name: `Apply CORS for this site on ${name}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `CORS rule applied for http://localhost:${E2E_PORT}.` }),
  ).toBeVisible();
  const makeDefault = row.getByRole('button', { name: `Set ${name} as default` });
  if (await makeDefault.isVisible()) await makeDefault.click();
  await expect(row.getByText('Default', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Test ${name}` }).click();
  const test = page.getByRole('dialog', { name: `Test of ${name}` });
  await expect(test.getByText('All checks passed.')).toBeVisible({ timeout: 30_000 });
  await expect(test.getByText('Uploaded through a presigned link and verified.')).toBeVisible();
  await expect(test.getByText(`Browsers on http://localhost:${E2E_PORT} may upload.`)).toBeVisible();
  await test.getByRole('button', { name: 'Close' }).click();
});

test('a 1 KB and a 64 MB file upload with progress and download byte for byte', async ({ page, request }) => {
  const small = await makeFile('small-1k.bin', 1024);
  const large = await makeFile('large-64m.bin', 64 * MB);
  await signInAsAdmin(page, request);
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.upload([small.path, large.path]);
  await expect(upload.progress(large.name)).toBeVisible();
  await expect(upload.row(large.name)).toContainText('%');

  const links = { small: await upload.shareLink(small.name), large: await upload.shareLink(large.name, 120_000) };
  await expect(page.getByText('2 of 2 done · 100%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel all' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear finished' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recent uploads' }).getByRole('link', { name: large.name }),
  ).toBeVisible();
  // The batch is a task of the task panel too.
  const transfers = new TransfersPage(page);
  await transfers.openTasks();
  await expect(transfers.tasks().filter({ hasText: 'Upload 2 files' })).toContainText(
    'Upload completed: 2 succeeded, 0 failed',
  );
  await transfers.close();

  const view = new FilePage(page);
  for (const [key, source] of [
    ['small', small],
    ['large', large],
  ] as const) {
    await view.goto(links[key]);
    await expect(page.getByRole('heading', { name: source.name })).toBeVisible();
    await expect(view.details).toContainText(key === 'small' ? '1 KB' : '64 MB');
    expect(await view.downloadSha256()).toBe(source.sha256);
  }
});

test('a protected file asks for its password before it can be downloaded', async ({ page, request }) => {
  const secret = await makeFile('secret-1k.txt', 1024);
  await signInAsAdmin(page, request);
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.password.fill('open sesame');
  await upload.upload([secret.path]);
  const link = await upload.shareLink(secret.name);

  await page.evaluate(() => window.localStorage.clear());
  const view = new FilePage(page);
  await view.goto(link);
  await expect(page.getByRole('heading', { name: 'This file is protected' })).toBeVisible();
  await expect(view.downloadLink).toHaveCount(0);
  // Nothing about the file before its password: not its name, in the page or the tab's title.
  await expect(page.locator('main')).not.toContainText(secret.name);
  expect(await page.title()).not.toContain(secret.name);
  await view.unlock('wrong password');
  await expect(page.getByText(/incorrect password/i)).toBeVisible();
  await view.unlock('open sesame');
  await expect(view.details).toContainText(secret.name);
  expect(page.url()).not.toContain('sesame');
  expect(await view.downloadSha256()).toBe(secret.sha256);
});

test('cancelling a large upload midway leaves no file row and no stored object', async ({
  page,
  request,
}, testInfo) => {
  const rgw = rgwFromEnv();
  const tooBig = await makeFile('too-big-101m.bin', 101 * MB);
  const big = await makeFile(`cancel-me-${testInfo.repeatEachIndex}-${testInfo.retry}-96m.bin`, 96 * MB);
  const token = await signInAsAdmin(page, request);
  // Other tests leave the maximum upload size where they set it: this one needs the default 100 MB.
  const limit = await request.put('/api/admin/system-settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { max_upload_size: 100, max_upload_size_unit: 'MB' },
  });
  expect(limit.ok()).toBe(true);
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.fileInput.setInputFiles(tooBig.path);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too large to upload (over 100 MB): too-big-101m.bin' }),
  ).toBeVisible();
  // The call that would assemble the parts is held, so the cancel surely lands while the upload runs.
  const held: Route[] = [];
  const complete = '**/api/s3/multipart/complete';
  await page.route(complete, (route) => void held.push(route));
  await upload.upload([big.path]);
  await expect.poll(() => held.length, { timeout: 60_000 }).toBe(1);
  await expect.poll(() => upload.percent(big.name)).toBeGreaterThan(90);
  expect(fileRowsNamed(big.name)).toEqual([{ status: 'pending' }]);
  const s3 = s3ClientFor(rgw);
  const leftovers = async () => {
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: rgw.bucket }));
    const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: rgw.bucket }));
    const keys = [
      ...(objects.Contents ?? []).map((o) => o.Key ?? ''),
      ...(uploads.Uploads ?? []).map((u) => u.Key ?? ''),
    ];
    return keys.filter((key) => key.endsWith(big.name));
  };
  expect(await leftovers()).toHaveLength(1);
  await upload.cancel(big.name).click();
  await page.unroute(complete);
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await expect(upload.row(big.name).getByRole('alert')).toHaveText('Upload cancelled.');
  await expect(upload.row(big.name).getByRole('link', { name: 'Share link' })).toHaveCount(0);

  await expect.poll(() => fileRowsNamed(big.name), { timeout: 30_000 }).toEqual([]);
  await expect.poll(leftovers, { timeout: 30_000 }).toEqual([]);
  s3.destroy();
});
