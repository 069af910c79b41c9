import { expect, type Locator, type Page } from '@playwright/test';

/** /paste/:slug: the password prompt, the rendered paste, its edit dialog and the status screens. */
export class PasteViewPage {
  readonly password: Locator;
  readonly unlockButton: Locator;
  /** The password field's error, tied to the field as its description. */
  readonly error: Locator;
  readonly content: Locator;
  readonly goneHeading: Locator;
  readonly editButton: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Password', { exact: true });
    this.unlockButton = page.getByRole('button', { name: 'Open paste' });
    this.error = page.locator('.field__error');
    this.content = page.getByRole('article', { name: 'Paste content' });
    this.goneHeading = page.getByRole('heading', { name: 'Paste no longer available' });
    this.editButton = page.getByRole('button', { name: 'Edit', exact: true });
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async unlock(password: string): Promise<void> {
    await expect(this.password).toBeVisible();
    await this.password.fill(password);
    await this.unlockButton.click();
  }

  /** Opens the edit dialog, switches the paste to plain text with new content and saves. */
  async editAsPlainText(content: string): Promise<void> {
    await this.editButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit paste' });
    await dialog.locator('label', { hasText: 'Plain text' }).click();
    await expect(dialog.getByLabel('Plain text')).toBeChecked();
    await dialog.getByLabel('Paste content').fill(content);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
  }
}
