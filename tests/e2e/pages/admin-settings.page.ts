import { expect, type Locator, type Page } from '@playwright/test';

/** The system settings module: upload and sharing settings, and the admin account form. */
export class AdminSettingsPage {
  readonly maxUploadSize: Locator;
  readonly unit: Locator;
  readonly saveSettings: Locator;
  readonly saved: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly changeAccount: Locator;

  constructor(readonly page: Page) {
    this.maxUploadSize = page.getByLabel('Maximum upload size');
    this.unit = page.getByLabel('Unit');
    this.saveSettings = page.getByRole('button', { name: 'Save settings' });
    this.saved = page.getByText('Settings saved.');
    this.currentPassword = page.getByLabel('Current password');
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm new password');
    this.changeAccount = page.getByRole('button', { name: 'Change account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/settings');
    await expect(this.maxUploadSize).toBeVisible();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.confirmPassword.fill(next);
    await this.changeAccount.click();
  }
}
