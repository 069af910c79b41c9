// A paste created offline is sent once the connection returns, and then the page shows its link as
// if the server had answered at once: the "will be sent" notice and the draft are gone, and the
// link also stays under the header among the queued changes. Replayed by the page (no service
// worker) and by the service worker's background sync.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PasteHomePage } from './pages/paste-home.page';
import { adminToken } from './support/admin-api';

test.use({ locale: 'en-US' });

type Item = { slug: string; contentPreview: string };
async function pastesWith(request: APIRequestContext, token: string, text: string): Promise<Item[]> {
  const reply = await request.get('/api/admin/pastes?limit=100', { headers: { authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { data: { items: Item[] } }).data.items.filter((item) =>
    item.contentPreview.startsWith(text),
  );
}

/** The local database's code is fetched in idle time after the first paint; offline it could not be. */
async function localDatabaseCodeLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/database-[^/]*\.js$/.test(entry.name)),
  );
}

async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  return token;
}

async function createOfflineThenReconnect(
  page: Page,
  request: APIRequestContext,
  token: string,
  text: string,
): Promise<void> {
  const home = new PasteHomePage(page);
  await home.focusEditor();
  await localDatabaseCodeLoaded(page);
  await page.context().setOffline(true);
  await page.keyboard.insertText(text);
  await home.createButton.click();
  const notice = page.getByText(/the change is queued/);
  await expect(notice).toBeVisible();
  await expect(home.shareLink).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(home.shareLink).toBeVisible({ timeout: 45_000 });
  const [created] = await pastesWith(request, token, text);
  expect(created).toBeDefined();
  expect(await pastesWith(request, token, text)).toHaveLength(1);
  const link = `/${created?.slug ?? ''}`;
  await expect(home.shareLink).toContainText(link);
  await expect(notice).toHaveCount(0);
  await expect(home.codeMirror).not.toContainText(text);
  const sent = page.getByRole('region', { name: 'Sent from the queue' });
  await expect(sent.getByRole('link')).toContainText(link);
  // The emptied editor saves its (empty) draft half a second later: still nothing to announce.
  await expect(page.getByText('Draft saved on this device.')).toHaveCount(0);
  await page.waitForFunction(() => document.querySelector('.draft-status')?.textContent === '');
  await page.screenshot({ path: test.info().outputPath('sent-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('sent-390.png'), fullPage: true });
  await sent.getByRole('button', { name: 'Dismiss' }).click();
  await expect(sent).toHaveCount(0);
}

test.describe('replayed by the page', () => {
  test.use({ serviceWorkers: 'block' });
  test('a paste created offline shows its link once it is sent', async ({ page, request }) => {
    const token = await signIn(page, request);
    await page.goto('/');
    await createOfflineThenReconnect(page, request, token, `offline-link-page-${Date.now().toString(36)}`);
  });
});

test('a paste created offline and replayed by the service worker shows its link once it is sent', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await createOfflineThenReconnect(page, request, token, `offline-link-worker-${Date.now().toString(36)}`);
});
