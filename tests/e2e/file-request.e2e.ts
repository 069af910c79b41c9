// A file request from a stranger's side: a fresh browser opens the link, sends three files, is
// reloaded while the large one is half way, chooses it again and only its missing parts go up,
// then sees the receipt with each file's SHA-256, filled in after the file has arrived; the owner
// sees the three files arrive.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Request, type Route } from '@playwright/test';
import { ExplorerPage } from './pages/explorer.page';
import { adminCall, adminToken } from './support/admin-api';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

const MB = 1024 * 1024;
let workDir = '';
/** Folders this file made under /local; other tests expect the mount empty, so they go at the end. */
const made: string[] = [];

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'clipdock-e2e-request-'));
});

test.afterAll(async ({ request }) => {
  await rm(workDir, { recursive: true, force: true });
  const token = await adminToken(request);
  if (made.length > 0) await adminCall(request, token, 'post', '/admin/fs/batch-remove', { paths: made });
  // The limit goes back to the server's default for the tests after this one.
  await adminCall(request, token, 'put', '/admin/system-settings', {
    max_upload_size: 100,
    max_upload_size_unit: 'MB',
  });
});

async function makeFile(name: string, size: number) {
  const bytes = randomBytes(size);
  const path = join(workDir, name);
  await writeFile(path, bytes);
  return { path, name, size, sha256: createHash('sha256').update(bytes).digest('hex') };
}

function dataOf(body: unknown): Record<string, unknown> {
  if (
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof body.data === 'object' &&
    body.data !== null
  )
    return Object.fromEntries(Object.entries(body.data));
  throw new Error('no data in the answer');
}

/** The owner: signs in, makes a folder under /local and a request on it. */
async function ownerRequest(api: APIRequestContext) {
  const login = dataOf(await (await api.post('/api/admin/login', { data: E2E_ADMIN })).json());
  const headers = { authorization: `Bearer ${String(login.token)}` };
  const settings = await api.put('/api/admin/system-settings', {
    headers,
    data: { max_upload_size: 1, max_upload_size_unit: 'GB' },
  });
  expect(settings.ok()).toBe(true);
  const folder = `/local/request-e2e-${Date.now()}`;
  made.push(folder);
  expect((await api.post('/api/admin/fs/mkdir', { headers, data: { path: folder } })).ok()).toBe(true);
  const created = await api.post('/api/file-requests', {
    headers,
    data: { path: folder, title: 'Holiday photos', message: 'Send us yours, please.', max_files: 10 },
  });
  expect(created.status()).toBe(201);
  const request = dataOf(await created.json());
  return { headers, id: String(request.id), slug: String(request.slug) };
}

const isPartPut = (request: Request) =>
  request.method() === 'PUT' &&
  new URL(request.url()).pathname.startsWith('/api/blob/') &&
  request.url().includes('n=');

test('a stranger sends three files through a request link, resumes after a reload, and gets a receipt', async ({
  browser,
  request: api,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerRequest(api);
  const small = await makeFile('notes.txt', 3_000);
  const medium = await makeFile('photo.jpg', 200_000);
  // 40 MiB: three parts of 16 MiB; the first reaches storage, the other two are held.
  const large = await makeFile('video.bin', 40 * MB);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/request/${owner.slug}`);
  await expect(page.getByRole('heading', { name: 'Holiday photos' })).toBeVisible();
  await expect(page.getByText('Send us yours, please.')).toBeVisible();
  await expect(page.getByText('10 more files of 10')).toBeVisible();

  const held: Route[] = [];
  let passed = 0;
  let holding = true;
  // The route stays in place until the test ends: removing it would let the browser send the held
  // parts on their way, and one could reach storage before the reload cancels it.
  await page.route(
    (url) => url.pathname.startsWith('/api/blob/'),
    async (route) => {
      if (!holding || !isPartPut(route.request()) || passed < 1) {
        if (isPartPut(route.request())) passed += 1;
        return route.continue();
      }
      held.push(route);
    },
  );
  await page.getByTestId('request-files').setInputFiles([small.path, medium.path, large.path]);
  const files = page.getByRole('list', { name: 'Your files' });
  await expect(files.getByRole('listitem').filter({ hasText: 'notes.txt' })).toContainText('Arrived');
  await expect(files.getByRole('listitem').filter({ hasText: 'photo.jpg' })).toContainText('Arrived');
  await expect.poll(() => held.length, { timeout: 60_000 }).toBe(2);

  holding = false;
  await page.reload();
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await expect(page.getByText('An upload of 1 file stopped before it finished')).toBeVisible();

  const sentAfterReload: string[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    if (isPartPut(request)) sentAfterReload.push(request.url());
    const path = new URL(request.url()).pathname;
    if (path.startsWith(`/api/public/file-requests/${owner.slug}/`)) calls.push(path.split('/').slice(5).join('/'));
  });
  const finished = page.waitForResponse((response) => response.url().endsWith(`/${owner.slug}/finish`));
  await page.getByTestId('request-files').setInputFiles([large.path]);
  // The reload kept the uploader's batch, so its end reports all three files to the owner.
  expect(dataOf(await (await finished).json())).toEqual({ reported: 3, webhook: false });
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible({ timeout: 120_000 });
  expect(sentAfterReload).toHaveLength(2);
  // Then the page says the batch is over, for the owner's webhook.
  await expect
    .poll(() => calls)
    .toEqual(['multipart/parts', 'multipart/urls', 'multipart/complete', 'commit', 'finish']);
  await expect(files.getByRole('listitem').filter({ hasText: 'video.bin' })).toContainText('Arrived');
  // Each file's SHA-256 is computed once it has arrived, and filled into its receipt line.
  for (const file of [small, medium, large]) {
    const line = receipt.getByRole('listitem').filter({ hasText: file.name });
    await expect(line).toContainText(file.sha256);
    await expect(line.locator('[data-hash]')).toHaveAttribute('data-hash', 'hashed');
  }
  await expect(page.getByText(/stopped before/)).toHaveCount(0);

  // The owner sees them arrive, in the uploader's own folder, with their sizes.
  const uploads = dataOf(
    await (await api.get(`/api/file-requests/${owner.id}/uploads`, { headers: owner.headers })).json(),
  );
  const items = Array.isArray(uploads.items) ? uploads.items : [];
  const rows = items.map((item: unknown) =>
    typeof item === 'object' && item !== null ? Object.fromEntries(Object.entries(item)) : {},
  );
  // One folder for the uploader's three files.
  expect(new Set(rows.map((row) => String(row.path).replace(/\/[^/]*$/, ''))).size).toBe(1);
  const arrived = rows.map((row) => [row.name, row.size, row.status]).sort();
  expect(arrived).toEqual([
    ['notes.txt', small.size, 'done'],
    ['photo.jpg', medium.size, 'done'],
    ['video.bin', large.size, 'done'],
  ]);
  await context.close();
});

test('an unknown or closed request says so', async ({ browser, request: api }) => {
  const owner = await ownerRequest(api);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/request/no-such-request-here');
  await expect(page.getByRole('alert')).toContainText('There is no file request at this address');
  expect(
    (await api.put(`/api/file-requests/${owner.id}`, { headers: owner.headers, data: { status: 'closed' } })).ok(),
  ).toBe(true);
  await page.goto(`/request/${owner.slug}`);
  await expect(page.getByRole('alert')).toContainText('This file request is closed');
  await context.close();
});

test('the owner makes a request in the admin panel, pauses it, and sees what arrived', async ({
  page,
  request: api,
}) => {
  const token = await adminToken(api);
  const folder = `/local/request-admin-${Date.now()}`;
  made.push(folder);
  await adminCall(api, token, 'post', '/admin/fs/mkdir', { path: folder });
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  await page.goto('/admin/file-requests');
  await expect(page.getByRole('heading', { name: 'File requests', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New request' }).click();
  const form = page.getByRole('dialog', { name: 'New file request' });
  await form.getByLabel('Folder').fill(folder);
  await form.getByLabel('Title shown to uploaders').fill('Scans for the audit');
  await form.getByLabel('Most files in all (optional)').fill('5');
  await form.getByRole('button', { name: 'Create' }).click();

  const details = page.getByRole('dialog', { name: 'Scans for the audit' });
  const link = await details.getByTestId('share-link').getAttribute('href');
  expect(link).toMatch(/\/request\/[A-Za-z0-9]+$/);
  await expect(details.getByText('Nothing has arrived yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Done' }).click();
  await expect(details).toHaveCount(0);

  // A stranger sends a file through the link.
  const slug = String(link).split('/').pop() ?? '';
  const info = dataOf(await (await api.get(`/api/public/file-requests/${slug}`)).json());
  const body = 'scanned page';
  const presigned = dataOf(
    await (
      await api.post(`/api/public/file-requests/${slug}/presign`, {
        data: { token: info.upload_token, filename: 'scan-1.txt', size: body.length, uploader_name: 'Ola' },
      })
    ).json(),
  );
  const put = await api.put(String(presigned.upload_url), { data: body, headers: { 'content-type': 'text/plain' } });
  expect(put.ok()).toBe(true);
  const committed = await api.post(`/api/public/file-requests/${slug}/commit`, {
    data: { token: info.upload_token, file_id: presigned.file_id },
  });
  expect(committed.ok()).toBe(true);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'Scans for the audit' });
  await expect(row).toContainText('1 file, 12 B');
  await row.getByRole('button', { name: 'Pause Scans for the audit' }).click();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: 'Link and uploads of Scans for the audit' }).click();
  const uploads = page.getByRole('table', { name: 'Uploads' });
  await expect(uploads).toContainText('scan-1.txt');
  await expect(uploads).toContainText('Ola');
});

test('"Request files here…" in the explorer opens a new request on that folder', async ({ page, request: api }) => {
  const token = await adminToken(api);
  const name = `request-menu-${Date.now()}`;
  made.push(`/local/${name}`);
  await adminCall(api, token, 'post', '/admin/fs/mkdir', { path: `/local/${name}` });
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  const explorer = new ExplorerPage(page);
  await explorer.goto('/local');
  await explorer
    .entry(name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await explorer.menuItem('Request files here…').click();
  const form = page.getByRole('dialog', { name: 'New file request' });
  await expect(form.getByLabel('Folder')).toHaveValue(`/local/${name}/`);
  await form.getByLabel('Title shown to uploaders').fill('From the explorer');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: 'From the explorer' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});
