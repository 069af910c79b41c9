// An upload interrupted by a reload resumes (uploads that resume): the page remembers the
// server's multipart upload, the same file chosen again lists the stored parts, only the missing
// parts are PUT, and the stored bytes equal the file. Runs on the default local storage.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { FilePage } from './pages/file.page';
import { UploadPage } from './pages/upload.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

const MB = 1024 * 1024;
/** 200 MiB in the engine's 16 MiB parts: thirteen part PUTs, the last one 8 MiB. */
const SIZE = 200 * MB;
const PARTS = 13;
/** Parts the engine keeps in flight at once. */
const IN_FLIGHT = 4;
let workDir = '';

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'clipdock-e2e-resume-'));
});

test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function makeFile(name: string, size: number): Promise<{ path: string; name: string; sha256: string }> {
  const path = join(workDir, name);
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const block = randomBytes(MB);
  for (let written = 0; written < size; written += MB) {
    const chunk = Buffer.from(block.subarray(0, Math.min(MB, size - written)));
    chunk.writeUInt32BE(written / MB, 0);
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { path, name, sha256: hash.digest('hex') };
}

const isPartPut = (request: Request) =>
  request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/blob/');

async function signInAsAdmin(page: Page): Promise<void> {
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
  // Other tests leave the maximum upload size where they set it: this file needs room for 200 MiB.
  const settings = await page.request.put('/api/admin/system-settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { max_upload_size: 1, max_upload_size_unit: 'GB' },
  });
  expect(settings.ok()).toBe(true);
}

/**
 * The parts are held on their way to the local driver's /api/blob: the upload goes there,
 * whichever storage another test made the default.
 */
async function chooseLocalStorage(page: Page): Promise<void> {
  const storage = page.getByLabel('Storage', { exact: true });
  const local = await storage.locator('option', { hasText: 'Local storage' }).first().getAttribute('value');
  expect(local).not.toBeNull();
  await storage.selectOption(local ?? '');
}

test('a multipart upload interrupted by a reload sends only its missing parts and stores the right bytes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const source = await makeFile('resume-200m.bin', SIZE);
  await signInAsAdmin(page);
  const upload = new UploadPage(page);
  await upload.goto();
  await chooseLocalStorage(page);

  // The first two parts reach storage; the others are held until the page goes away.
  // The route stays until the test ends: removing it would send the held parts on their way.
  const held: Route[] = [];
  let passed = 0;
  let holding = true;
  await page.route(
    (url) => url.pathname.startsWith('/api/blob/'),
    async (route) => {
      if (!holding || !isPartPut(route.request())) return route.continue();
      if (passed < 2) {
        passed += 1;
        return route.continue();
      }
      held.push(route);
    },
  );
  const stored: number[] = [];
  page.on('response', (response) => {
    if (isPartPut(response.request()) && response.status() === 200) stored.push(1);
  });
  await upload.upload([source.path]);
  await expect.poll(() => stored.length, { timeout: 120_000 }).toBe(2);
  // Every part in flight is held before the reload, so none can slip through.
  await expect.poll(() => held.length, { timeout: 60_000 }).toBe(IN_FLIGHT);
  // While it runs, the upload is no unfinished one to resume.
  await expect(page.getByRole('region', { name: 'Unfinished uploads' })).toHaveCount(0);

  holding = false;
  await page.reload();
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  const unfinished = page.getByRole('region', { name: 'Unfinished uploads' });
  await expect(unfinished).toContainText(source.name);
  await chooseLocalStorage(page);

  // After the reload, count every part PUT: only the four missing parts go up.
  const sentAfterReload: string[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    if (isPartPut(request)) sentAfterReload.push(request.url());
    if (new URL(request.url()).pathname.startsWith('/api/s3/multipart/')) calls.push(new URL(request.url()).pathname);
  });
  await upload.upload([source.path]);
  const link = await upload.shareLink(source.name, 180_000);
  expect(sentAfterReload).toHaveLength(PARTS - 2);
  expect(calls).toEqual(['/api/s3/multipart/parts', '/api/s3/multipart/urls', '/api/s3/multipart/complete']);
  await expect(unfinished).toHaveCount(0);

  const view = new FilePage(page);
  await view.goto(link);
  await expect(page.getByRole('heading', { name: source.name })).toBeVisible();
  expect(await view.downloadSha256()).toBe(source.sha256);
});
