import { expect, type Locator, type Page } from '@playwright/test';

/** The admin login screen and the panel behind it. */
export class AdminPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly modules: Locator;
  readonly logoutButton: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByLabel('Username');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Log in' });
    this.error = page.getByRole('alert').filter({ hasText: /\S/ });
    this.modules = page.getByRole('navigation', { name: 'Admin modules' });
    this.logoutButton = page.getByRole('button', { name: 'Log out' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin');
    await expect(this.page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  }

  async login(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  async loginWithApiKey(key: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'API key' }).click();
    await this.page.getByLabel('API key').fill(key);
    await this.submit.click();
  }

  async storedToken(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('admin_token'));
  }
}
