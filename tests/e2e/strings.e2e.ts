// Each route loads its screens' strings with it (src/ui/app/locale-bundles.ts); a key that no
// loaded catalogue holds would show as the key itself, and the app says so in the console.
import { expect, test } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { adminToken, shareFile, unshareFile } from './support/admin-api';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US', colorScheme: 'light' });

test('every screen finds all of its strings, in English and in Chinese', async ({ page, request }) => {
  // Twenty-eight page loads: more time than one test usually needs on a busy machine.
  test.setTimeout(180_000);
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('missing string')) missing.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  const token = await adminToken(request);
  const slug = await shareFile(
    request,
    token,
    `strings-${Date.now().toString(36)}.md`,
    '# Notes\n\nA shared file.\n',
    'text/markdown',
  );
  try {
    const admin = new AdminPage(page);
    await admin.goto();
    await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(admin.modules).toBeVisible();
    const modules = await Promise.all(
      (await admin.modules.getByRole('link').all()).map((link) => link.getAttribute('href')),
    );
    expect(modules.length).toBeGreaterThan(5);
    const paths = ['/', '/upload', `/file/${slug}`, '/mount-explorer', ...modules.map((href) => href ?? '/admin')];
    for (const language of ['en', 'zh']) {
      await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      for (const path of paths) {
        await page.goto(path);
        // Every screen names itself in the title once it has rendered; its data comes after.
        await expect(page).toHaveTitle(/ · Clipdock$/);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
      }
    }
    expect(missing).toEqual([]);
  } finally {
    await unshareFile(request, token, slug);
  }
});
