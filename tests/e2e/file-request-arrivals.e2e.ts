// The owner is told when files arrive: the admin panel's "File requests" entry and the request's
// row carry a badge counting uploads not yet seen (read out as "N new uploads"), cleared when the
// owner opens that request's uploads. A key with file and mount permissions asks for files from
// its own explorer ("Request files here…"), inside its base path. Screens in English and Chinese
// at 1280 and 390 px, without sideways scroll, go to test-results/screens/.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { adminCall, adminToken, envelope } from './support/admin-api';

const made: string[] = [];
const keys: string[] = [];
let token = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
});

test.afterAll(async ({ request }) => {
  for (const id of keys) await adminCall(request, token, 'delete', `/admin/api-keys/${id}`);
  if (made.length > 0) await adminCall(request, token, 'post', '/admin/fs/batch-remove', { paths: made });
});

const requestSchema = envelope(z.object({ id: z.string(), slug: z.string() }));
const listSchema = envelope(z.object({ items: z.array(z.object({ id: z.string(), new_uploads: z.number() })) }));

/** Every request's arrivals marked seen, so the panel's count is this test's alone. */
async function seeEverything(api: APIRequestContext): Promise<void> {
  const list = listSchema.parse(await (await adminCall(api, token, 'get', '/file-requests')).json()).data.items;
  for (const item of list.filter((r) => r.new_uploads > 0))
    await adminCall(api, token, 'post', `/file-requests/${item.id}/uploads/seen`, {});
}

async function newRequest(api: APIRequestContext, title: string) {
  const folder = `/local/arrivals-${Date.now()}-${made.length}`;
  made.push(folder);
  await adminCall(api, token, 'post', '/admin/fs/mkdir', { path: folder });
  return requestSchema.parse(
    await (await adminCall(api, token, 'post', '/file-requests', { path: folder, title })).json(),
  ).data;
}

/** A stranger sends one small file through the request's public calls. */
async function sendFile(api: APIRequestContext, slug: string, filename: string, body: string): Promise<void> {
  const info = envelope(z.object({ upload_token: z.string() })).parse(
    await (await api.get(`/api/public/file-requests/${slug}`)).json(),
  ).data;
  const presign = await api.post(`/api/public/file-requests/${slug}/presign`, {
    data: { token: info.upload_token, filename, size: body.length, mimetype: 'text/plain' },
  });
  expect(presign.status()).toBe(201);
  const presigned = envelope(z.object({ upload_url: z.string(), file_id: z.string() })).parse(
    await presign.json(),
  ).data;
  expect((await api.put(presigned.upload_url, { data: body, headers: { 'content-type': 'text/plain' } })).ok()).toBe(
    true,
  );
  const commit = await api.post(`/api/public/file-requests/${slug}/commit`, {
    data: { token: info.upload_token, file_id: presigned.file_id },
  });
  expect(commit.ok()).toBe(true);
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
}

/** A key with file and mount permissions, kept to `/local/<base>`, signed in on `page`. */
async function signInAsKey(page: Page, api: APIRequestContext, inside: string): Promise<string> {
  const base = `/local/key-desk-${Date.now()}`;
  made.push(base);
  await adminCall(api, token, 'post', '/admin/fs/mkdir', { path: base });
  await adminCall(api, token, 'post', '/admin/fs/mkdir', { path: `${base}/${inside}` });
  const created = await adminCall(api, token, 'post', '/admin/api-keys', {
    name: `E2E request key ${keys.length + 1} ${Date.now()}`,
    file_permission: true,
    mount_permission: true,
    basic_path: base,
  });
  const key = envelope(z.object({ id: z.string(), key: z.string() })).parse(await created.json()).data;
  keys.push(key.id);
  const session = {
    api_key: key.key,
    api_key_permissions: JSON.stringify({ text: false, file: true, mount: true }),
    api_key_info: JSON.stringify({ id: key.id, name: 'E2E request key', basic_path: base, read_only: false }),
  };
  await page.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(session)})) window.localStorage.setItem(k, v);`,
  });
  return base;
}

/** The badge shows the number, and says what it counts to a screen reader (which skips the bare number). */
async function expectBadge(within: Locator, shown: string, said: string): Promise<void> {
  const badge = within.getByTestId('count-badge');
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText(shown);
  await expect(badge.locator('.visually-hidden')).toHaveText(said);
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the panel badges new arrivals until the owner opens them', async ({ page, request: api }) => {
    await seeEverything(api);
    const { slug } = await newRequest(api, 'Receipts for March');
    await sendFile(api, slug, 'receipt-1.txt', 'one');
    await sendFile(api, slug, 'receipt-2.txt', 'two');
    await signInAsAdmin(page);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin modules' });
    const entry = nav.getByRole('link', { name: /^File requests/ });
    await expect(entry).toHaveAccessibleName('File requests 2 new uploads');
    await expectBadge(entry, '2', '2 new uploads');

    await entry.click();
    const row = page.getByRole('row').filter({ hasText: 'Receipts for March' });
    await expectBadge(row, '2', '2 new uploads');
    // A file arriving while the panel is open shows at the next look (the window regaining focus).
    await sendFile(api, slug, 'receipt-3.txt', 'three');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(entry).toHaveAccessibleName('File requests 3 new uploads');

    await page.reload();
    await row.getByRole('button', { name: 'Link and uploads of Receipts for March' }).click();
    await expect(page.getByRole('table', { name: 'Uploads' }).getByRole('row')).toHaveCount(4);
    await expect(entry).toHaveAccessibleName('File requests');
    await expect(entry.getByTestId('count-badge')).toHaveCount(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByTestId('count-badge')).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByTestId('count-badge')).toHaveCount(0);
  });

  test('a key with file and mount permissions asks for files from its own explorer', async ({ page, request: api }) => {
    const base = await signInAsKey(page, api, 'inbox');
    await page.goto('/mount-explorer');
    await expect(page).toHaveURL(new RegExp(`/mount-explorer${base}$`));
    const inbox = page
      .locator('.entries')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'inbox', exact: true }) });
    await inbox.getByRole('button', { name: 'Actions for inbox' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Request files here…' }).click();
    const form = page.getByRole('dialog', { name: 'New file request' });
    await expect(form.getByLabel('Folder')).toHaveValue(`${base}/inbox/`);
    await form.getByLabel('Title shown to uploaders').fill('Drop for the desk');
    await form.getByRole('button', { name: 'Create' }).click();
    const details = page.getByRole('dialog', { name: 'Drop for the desk' });
    await expect(details).toBeVisible();
    const link = String(await details.getByTestId('share-link').getAttribute('href'));

    // The request is the key's own, and a stranger's file lands inside the key's base path.
    const slug = link.split('/').pop() ?? '';
    await sendFile(api, slug, 'from-a-stranger.txt', 'hello');
    await details.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Drop for the desk' });
    await expect(row).toContainText(`${base}/inbox`);
    await expectBadge(row, '1', '1 new upload');
    await expect(
      page.getByRole('navigation', { name: 'Admin modules' }).getByRole('link', { name: /^File requests/ }),
    ).toHaveAccessibleName('File requests 1 new upload');
  });
});

const screens = [
  { lang: 'en', locale: 'en-US', menu: 'Request files here…', title: 'Holiday photos' },
  { lang: 'zh', locale: 'zh-CN', menu: '在此请求文件…', title: '假期照片' },
] as const;

for (const { lang, locale, menu, title } of screens) {
  for (const width of [1280, 390]) {
    test.describe(`screens in ${lang} at ${width} px`, () => {
      test.use({ locale, viewport: { width, height: width === 390 ? 844 : 800 } });

      test('the badges and the key’s menu item', async ({ page, browser, request: api }) => {
        await seeEverything(api);
        const { slug } = await newRequest(api, `${title} ${width}`);
        await sendFile(api, slug, 'IMG_0001.txt', 'photo');
        await sendFile(api, slug, 'IMG_0002.txt', 'photo');
        await signInAsAdmin(page);
        await page.goto('/admin/file-requests');
        const row = page.getByRole('row').filter({ hasText: `${title} ${width}` });
        await expect(row.getByTestId('count-badge')).toBeVisible();
        await expect(page.getByRole('navigation').getByTestId('count-badge')).toBeVisible();
        await expectNoSideScroll(page);
        await page.screenshot({ path: `test-results/screens/request-badge-${lang}-${width}.png`, fullPage: true });

        const context = await browser.newContext({ locale, viewport: { width, height: width === 390 ? 844 : 800 } });
        const keyPage = await context.newPage();
        await signInAsKey(keyPage, api, 'inbox');
        await keyPage.goto('/mount-explorer');
        const inbox = keyPage
          .locator('.entries')
          .getByRole('listitem')
          .filter({ has: keyPage.getByRole('link', { name: 'inbox', exact: true }) });
        await inbox.getByRole('button').last().click();
        await expect(keyPage.getByRole('menuitem', { name: menu })).toBeVisible();
        await expectNoSideScroll(keyPage);
        await keyPage.screenshot({ path: `test-results/screens/request-key-menu-${lang}-${width}.png` });
        await context.close();
      });
    });
  }
}
