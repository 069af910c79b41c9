import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { UploadPage } from './pages/upload.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('an encrypted file of several parts comes out of the service worker whole, batch after batch', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2ee-large-'));
  try {
    // Two parts of 16 MiB and a short third: many opening batches, the last one short.
    const bytes = randomBytes(33 * 1024 * 1024 + 4_321);
    const path = join(dir, 'archive.bin');
    await writeFile(path, bytes);
    const admin = new AdminPage(page);
    await admin.goto();
    await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(admin.modules).toBeVisible();
    const upload = new UploadPage(page);
    await upload.goto();
    await page.getByLabel('End-to-end encrypted').check();
    await upload.upload([path]);
    const link = upload.row('archive.bin').getByRole('link', { name: /\/file\// });
    await expect(link).toBeVisible({ timeout: 90_000 });
    const href = (await link.getAttribute('href')) ?? '';

    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const visitor = await context.newPage();
      await visitor.goto(href);
      await expect(visitor.getByText('archive.bin')).toBeVisible();
      // The service worker controls the page from its second load on.
      await visitor.reload();
      await expect.poll(() => visitor.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const downloaded = visitor.waitForEvent('download');
      await visitor.getByRole('button', { name: 'Download' }).click();
      const file = await downloaded;
      expect(file.suggestedFilename()).toBe('archive.bin');
      const saved = await readFile((await file.path()) ?? '');
      expect(saved.byteLength).toBe(bytes.byteLength);
      expect(sha256(saved)).toBe(sha256(bytes));
    } finally {
      await context.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
