import { expect, type Locator, type Page } from '@playwright/test';

/** /paste/:slug: the password prompt, the rendered paste and the status screens. */
export class PasteViewPage {
  readonly password: Locator;
  readonly unlockButton: Locator;
  readonly error: Locator;
  readonly content: Locator;
  readonly goneHeading: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Password', { exact: true });
    this.unlockButton = page.getByRole('button', { name: 'Open paste' });
    this.error = page.getByRole('alert').filter({ hasText: /\S/ });
    this.content = page.getByRole('article', { name: 'Paste content' });
    this.goneHeading = page.getByRole('heading', { name: 'Paste no longer available' });
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async unlock(password: string): Promise<void> {
    await expect(this.password).toBeVisible();
    await this.password.fill(password);
    await this.unlockButton.click();
  }
}
