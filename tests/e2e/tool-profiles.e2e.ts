// The tool profiles of an API key in the real admin panel: the ShareX profile downloaded from the
// dialog that shows a new file key, its request replayed as ShareX sends it against the real
// server (the answer is the link alone), and the existing key's profile dialog in both languages
// at desktop and phone widths without anything scrolling sideways.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { AdminPage } from './pages/admin.page';
import { adminCall, adminToken } from './support/admin-api';
import { AdminKeysPage } from './pages/admin-keys.page';
import { E2E_ADMIN, E2E_PORT } from './support/env';

test.use({ locale: 'en-US', colorScheme: 'light' });

const profileSchema = z.object({
  RequestMethod: z.literal('POST'),
  RequestURL: z.string(),
  Headers: z.record(z.string(), z.string()),
  FileFormName: z.string(),
  URL: z.literal('{response}'),
});

async function keysPage(page: Page): Promise<AdminKeysPage> {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin.modules).toBeVisible();
  const keys = new AdminKeysPage(page);
  await keys.goto();
  return keys;
}

async function noSideScroll(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a new file key’s ShareX profile shares a screenshot in one request', async ({ page, request }, testInfo) => {
  const keys = await keysPage(page);
  const name = `sharex-${Date.now().toString(36)}`;
  await keys.create(name, { file: true });
  const key = await keys.createdKey.inputValue();
  const command = keys.createdDialog.getByLabel('Flameshot (or any file with curl)');
  await expect(command).toHaveValue(new RegExp(`ApiKey ${key}`));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('created-1280.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await keys.createdDialog.getByRole('button', { name: 'Download ShareX profile' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`clipdock-${name}.sxcu`);
  const profile = profileSchema.parse(JSON.parse(await readFile((await file.path()) ?? '', 'utf8')));
  expect(profile.RequestURL).toBe(`http://localhost:${E2E_PORT}/api/upload`);
  expect(profile.Headers.Authorization).toBe(`ApiKey ${key}`);

  const answer = await request.post(profile.RequestURL, {
    headers: profile.Headers,
    multipart: {
      [profile.FileFormName]: {
        name: 'Screenshot.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a png'),
      },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const link = profile.URL.replace('{response}', (await answer.text()).trim());
  expect(link).toMatch(new RegExp(`^http://localhost:${E2E_PORT}/file/[A-Za-z0-9]+$`));
  await page.goto(link);
  await expect(page.getByText('Screenshot.png').first()).toBeVisible();
});

for (const language of ['en', 'zh'] as const) {
  test(`an existing key’s tool profiles fit desktop and phone (${language})`, async ({ page, request }, testInfo) => {
    // A key with a long name and a deep base path beside it: the list still fits the page.
    await adminCall(request, await adminToken(request), 'post', '/admin/api-keys', {
      name: `design-team-uploads-of-the-long-name-${language}-${Date.now().toString(36)}`,
      file_permission: true,
      mount_permission: true,
      basic_path: '/e2e-tool-profiles/projects/2026/customers/acme-corporation/deliverables',
    });
    const keys = await keysPage(page);
    const name = `tools-${language}-${Date.now().toString(36)}`;
    await keys.create(name, { file: true });
    await keys.closeCreatedDialog();
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    await page.reload();
    const open = language === 'en' ? `Tool profiles for ${name}` : `${name} 的工具配置`;
    await page.getByRole('button', { name: open }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox').last()).toHaveValue(/YOUR_API_KEY/);
    for (const width of [1280, 390]) {
      await noSideScroll(page, width);
      await page.screenshot({ path: testInfo.outputPath(`profiles-${language}-${width}.png`), fullPage: true });
    }
  });
}
