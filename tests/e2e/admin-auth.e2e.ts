import { expect, test } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

test('a wrong password shows the translated error and stores nothing', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, 'not-the-password');
  await expect(admin.error).toContainText('Invalid username or password.');
  expect(await admin.storedToken()).toBeNull();
});

test('empty fields are refused before any request', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.submit.click();
  await expect(page.getByText('Enter your username.')).toBeVisible();
});

test('the right password opens the panel and logout returns to the login screen', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin.modules).toBeVisible();
  await expect(admin.modules.getByRole('link', { name: 'Text management' })).toBeVisible();
  await expect(page).toHaveTitle(/Dashboard/);
  expect(await admin.storedToken()).toBeTruthy();

  await admin.modules.getByRole('link', { name: 'System settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page).toHaveTitle(/System settings/);

  await page.reload();
  await expect(admin.modules).toBeVisible();

  await admin.logoutButton.click();
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  expect(await admin.storedToken()).toBeNull();
});
