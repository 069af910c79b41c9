// Writes made offline: queued with their Idempotency-Key, listed under the header, and
// replayed exactly once on reconnect, checked through the API, even when the reply to the first
// replay is lost. The tabs are opened online; the service worker stays out of these tests so the
// network can be cut and a reply dropped in the page's own requests. So each tab that writes
// offline first has the code it needs: the editor, touched once, and the local database's code,
// which the page fetches in idle time after its first paint.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { AdminSettingsPage } from './pages/admin-settings.page';
import { PasteAdminPage } from './pages/paste-admin.page';
import { PasteHomePage } from './pages/paste-home.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US', serviceWorkers: 'block' });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { token: string } }).data.token;
}

type Item = { id: string; slug: string; remark: string | null; contentPreview: string };
async function allPastes(request: APIRequestContext, token: string): Promise<Item[]> {
  const reply = await request.get('/api/admin/pastes?limit=100', { headers: { authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { data: { items: Item[] } }).data.items;
}

async function createThroughApi(
  request: APIRequestContext,
  token: string,
  slug: string,
  content: string,
): Promise<void> {
  const reply = await request.post('/api/paste', {
    headers: { authorization: `Bearer ${token}` },
    data: { content, slug },
  });
  expect(reply.status()).toBe(201);
}

/** The page fetched the local database's code (it does so in idle time after the first paint). */
async function localDatabaseCodeLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const names = performance.getEntriesByType('resource').map((entry) => entry.name);
    return (
      names.some((name) => /\/assets\/database-[^/]*\.js$/.test(name)) &&
      names.some((name) => /\/assets\/outbox-[^/]*\.js$/.test(name))
    );
  });
}

const queueBadge = (page: Page) => page.locator('.queued-changes__summary');

test('four writes made offline land exactly once after reconnecting, though the first replay’s reply is lost', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  const [toEdit, toDelete, created] = [unique('offline-edit'), unique('offline-delete'), unique('offline-new')];
  await createThroughApi(request, token, toEdit, 'edit me offline');
  await createThroughApi(request, token, toDelete, 'delete me offline');

  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin.modules).toBeVisible();
  const pastes = new PasteAdminPage(page);
  await pastes.goto();
  await expect(pastes.row(toEdit)).toBeVisible();
  await localDatabaseCodeLoaded(page);
  const settingsTab = await context.newPage();
  const settings = new AdminSettingsPage(settingsTab);
  await settings.goto();
  await localDatabaseCodeLoaded(settingsTab);
  const homeTab = await context.newPage();
  const home = new PasteHomePage(homeTab);
  await home.goto();
  await home.focusEditor();
  await localDatabaseCodeLoaded(homeTab);

  // The edit form loads the paste first, so it is opened before the connection goes.
  await page.bringToFront();
  await page.getByRole('button', { name: `Edit ${toEdit}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit paste' });
  await expect(dialog.getByLabel('Remark (optional)')).toBeVisible();

  await context.setOffline(true);
  await homeTab.bringToFront();
  await home.write('written offline');
  await home.setOptions({ slug: created });
  await home.createButton.click();
  await expect(homeTab.getByText(/the change is queued/)).toBeVisible();

  await page.bringToFront();
  await dialog.getByLabel('Remark (optional)').fill('edited offline');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(/the change is queued/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await pastes.deleteSelected([toDelete]);

  await settingsTab.bringToFront();
  await settings.maxUploadSize.fill('777');
  await settings.saveSettings.click();
  await expect(settingsTab.getByText(/the change is queued/)).toBeVisible();

  await expect(queueBadge(page)).toContainText('4');
  await queueBadge(page).click();
  await expect(page.locator('.queued-changes__item')).toHaveCount(4);
  await expect(page.locator('.queued-changes__list')).toContainText('New paste');
  await page.screenshot({ path: test.info().outputPath('queue-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('queue-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The server takes the first replayed create, but its reply never reaches the page.
  let dropped = 0;
  await context.route('**/api/paste', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);

  await expect(queueBadge(page)).toHaveCount(0, { timeout: 45_000 });
  expect(dropped).toBe(1);
  const after = await allPastes(request, token);
  expect(after.filter((item) => item.slug === created)).toHaveLength(1);
  expect(after.filter((item) => item.contentPreview.startsWith('written offline'))).toHaveLength(1);
  expect(after.find((item) => item.slug === toEdit)?.remark).toBe('edited offline');
  expect(after.filter((item) => item.slug === toDelete)).toHaveLength(0);
  const settingsNow = await request.get('/api/admin/system-settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await settingsNow.json()) as { data: { max_upload_size: number } }).data.max_upload_size).toBe(777);
});

test('a write queued under an API key revoked meanwhile is shown as refused, not retried or dropped', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  const keyReply = await request.post('/api/admin/api-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: unique('offline-key'), text_permission: true },
  });
  expect(keyReply.status()).toBe(201);
  const key = ((await keyReply.json()) as { data: { id: string; key: string } }).data;

  const admin = new AdminPage(page);
  await admin.goto();
  await admin.loginWithApiKey(key.key);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.focusEditor();
  await localDatabaseCodeLoaded(page);
  await context.setOffline(true);
  await home.write('from a revoked key');
  await home.createButton.click();
  await expect(page.getByText(/the change is queued/)).toBeVisible();

  expect(
    (await request.delete(`/api/admin/api-keys/${key.id}`, { headers: { authorization: `Bearer ${token}` } })).ok(),
  ).toBe(true);
  await context.setOffline(false);

  await expect(queueBadge(page)).toContainText('1 refused', { timeout: 30_000 });
  await queueBadge(page).click();
  await expect(page.locator('.queued-changes__item[data-status="failed"]')).toContainText(
    'The server refused this change.',
  );
  expect(
    (await allPastes(request, token)).filter((item) => item.contentPreview.startsWith('from a revoked key')),
  ).toHaveLength(0);
  await page.locator('.queued-changes__item').getByRole('button', { name: 'Discard' }).click();
  await expect(queueBadge(page)).toHaveCount(0);
});
