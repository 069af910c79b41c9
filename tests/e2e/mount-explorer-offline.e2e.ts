// A folder opened online in the mount explorer opens again offline after a reload, from the
// local database's `directories` collection, marked as an offline copy (issue 11, "Reading offline").
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { ExplorerPage } from './pages/explorer.page';
import { adminToken, envelope } from './support/admin-api';
import { storedRecord } from './support/local-db';
import { underServiceWorker } from './support/service-worker';

test.use({ locale: 'en-US' });

const mountPath = `/e2e-offline-${randomBytes(4).toString('hex')}`;

/** A mount on the default local storage config holding `trip/` with a file and a folder, made through the API. */
async function mountWithFolder(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string() }))).parse(
    await (await request.get('/api/s3-configs', { headers })).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  expect(local, 'the server creates a local storage config at first start').toBeDefined();
  const mount = await request.post('/api/admin/mounts', {
    headers,
    data: {
      name: 'E2E offline',
      storage_type: 'local',
      storage_config_id: local?.id,
      mount_path: mountPath,
      cache_ttl: 0,
    },
  });
  expect(mount.status()).toBe(201);
  expect((await request.post('/api/admin/fs/mkdir', { headers, data: { path: `${mountPath}/trip/` } })).ok()).toBe(
    true,
  );
  expect(
    (await request.post('/api/admin/fs/mkdir', { headers, data: { path: `${mountPath}/trip/photos/` } })).ok(),
  ).toBe(true);
  expect(
    (
      await request.post('/api/admin/fs/update', {
        headers,
        data: { path: `${mountPath}/trip/route.txt`, content: 'north by the coast' },
      })
    ).ok(),
  ).toBe(true);
}

// Mounts on the default local config share its storage: leave nothing behind for the other explorer tests.
let cleanUp: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await cleanUp?.();
  cleanUp = undefined;
});

test('a folder opened online opens offline after a reload, marked as an offline copy', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  cleanUp = async () => {
    const removed = await request.delete('/api/admin/fs/remove', {
      headers: { authorization: `Bearer ${token}` },
      params: { path: `${mountPath}/trip/` },
    });
    expect(removed.ok()).toBe(true);
  };
  await mountWithFolder(request, token);
  // The page signs in with a token of its own: logging out revokes it, and the clean-up still needs `token`.
  const pageToken = await adminToken(request);
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(pageToken)});` });
  const explorer = new ExplorerPage(page);

  await page.goto('/');
  await underServiceWorker(page);
  await explorer.goto(`${mountPath}/trip`);
  await expect(explorer.link('route.txt')).toBeVisible();
  await expect(explorer.link('photos')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  // The copy is written in idle time after the folder shows: wait until it is stored.
  await expect
    .poll(() => page.evaluate(storedRecord, { collection: 'directories', field: 'path', value: `${mountPath}/trip/` }))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(explorer.link('route.txt')).toBeVisible();
  await expect(explorer.link('photos')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Offline copy saved on this device');
  // Nothing can change offline: the copy is read only.
  await expect(explorer.newFolder).toHaveCount(0);
  await context.setOffline(false);

  // Logging out forgets the folder listings: the next person at this browser may see less. The
  // page opens the local database afresh to purge them, which a busy machine makes slow.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await expect
    .poll(
      () => page.evaluate(storedRecord, { collection: 'directories', field: 'path', value: `${mountPath}/trip/` }),
      { timeout: 30_000 },
    )
    .toBe(false);
});
