// Background sync with the service worker in charge: a write made offline is handed
// to the worker without any token, and on reconnect the worker sends it, with the credentials the
// page keeps current in IndexedDB, exactly once, even when the reply to its first try is lost;
// the page's queue then empties.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PasteHomePage } from './pages/paste-home.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

async function adminToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { token: string } }).data.token;
}

test('a paste created offline is replayed once by the service worker after reconnecting, though its first reply is lost', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const creates: { fromWorker: boolean; authorization: string | undefined }[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/paste') {
      creates.push({ fromWorker: request.serviceWorker() !== null, authorization: request.headers().authorization });
    }
  });

  const slug = `synced-${Date.now().toString(36)}`;
  const home = new PasteHomePage(page);
  await context.setOffline(true);
  await home.write('replayed by the worker');
  await home.setOptions({ slug });
  await home.createButton.click();
  await expect(page.getByText(/the change is queued/)).toBeVisible();

  // The server takes the first replayed create, but its reply never reaches the worker.
  let dropped = 0;
  await context.route('**/api/paste', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);

  await expect(page.locator('.queued-changes__summary')).toHaveCount(0, { timeout: 45_000 });
  await expect.poll(async () => (await request.get(`/api/paste/${slug}`)).status()).toBe(200);
  const list = await request.get('/api/admin/pastes?limit=100', { headers: { authorization: `Bearer ${token}` } });
  const items = ((await list.json()) as { data: { items: { slug: string }[] } }).data.items;
  expect(items.filter((item) => item.slug === slug)).toHaveLength(1);
  expect(dropped).toBe(1);
  expect(creates.length).toBeGreaterThan(1);
  expect(creates.every((create) => create.fromWorker)).toBe(true);
  expect(creates.every((create) => create.authorization === `Bearer ${token}`)).toBe(true);
});
