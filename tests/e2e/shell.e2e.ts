import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell.page';

test.use({ locale: 'en-US', colorScheme: 'light' });

test('the home page loads with the navigation and footer', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/');
  for (const name of ['Home', 'Upload', 'Mount explorer', 'Admin']) {
    await expect(shell.navLink(name)).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  await expect(page).toHaveTitle(/Clipdock/);
});

test('theme choice cycles auto → light → dark and survives a reload', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/');
  await expect(shell.themeButton).toHaveAccessibleName(/auto/);
  await shell.themeButton.click();
  await expect(shell.themeButton).toHaveAccessibleName(/light/);
  await shell.themeButton.click();
  await expect(shell.themeButton).toHaveAccessibleName(/dark/);
  expect(await shell.themeMode()).toBe('dark');
  expect(await shell.resolvedTheme()).toBe('dark');

  await page.reload();
  await expect(shell.themeButton).toHaveAccessibleName(/dark/);
  expect(await shell.resolvedTheme()).toBe('dark');
});

test('language choice survives a reload', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/');
  await shell.languageSelect.selectOption('zh');
  await expect(shell.navLink('首页')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('zh');

  await page.reload();
  await expect(shell.navLink('首页')).toBeVisible();
  await expect(shell.navLink('上传')).toBeVisible();
});

test('an unknown path lands on the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(new ShellPage(page).navLink('Home')).toBeVisible();
});

test('every route of the app renders with its translated title', async ({ page }) => {
  const titles: [string, RegExp][] = [
    ['/upload', /Upload files/],
    ['/paste/no-such-paste', /Paste not found/],
    ['/file/no-such-file', /File not found/],
    ['/mount-explorer', /Mount explorer/],
    ['/mount-explorer/some/dir?preview=a.txt', /Mount explorer/],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test('the pages run under their Content-Security-Policy without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const shell = new ShellPage(page);
  for (const path of ['/', '/upload', '/admin', '/mount-explorer']) {
    await shell.goto(path);
    await expect(shell.navLink('Home')).toBeVisible();
  }
  await shell.themeButton.click();
  await page.reload();
  await expect(shell.navLink('Home')).toBeVisible();
  expect(await shell.resolvedTheme()).toBe('light');
  expect(violations).toEqual([]);
});
