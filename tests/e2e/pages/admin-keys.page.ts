import { expect, type Locator, type Page } from '@playwright/test';

export type KeyRights = { text?: boolean; file?: boolean; mount?: boolean };

/** The API key management module: the list, the create dialog and the one-time key dialog. */
export class AdminKeysPage {
  readonly createButton: Locator;
  readonly table: Locator;
  readonly createdDialog: Locator;
  readonly createdKey: Locator;

  constructor(readonly page: Page) {
    this.createButton = page.getByRole('button', { name: 'Create API key' });
    this.table = page.getByRole('table', { name: 'API keys' });
    this.createdDialog = page.getByRole('dialog', { name: 'API key created' });
    this.createdKey = this.createdDialog.getByLabel('API key');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/key-management');
    await expect(this.page.getByRole('heading', { name: 'API key management', level: 1 })).toBeVisible();
  }

  /** Fills and submits the create form; leaves the one-time key dialog open. */
  async create(name: string, rights: KeyRights): Promise<void> {
    await this.createButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill(name);
    if (rights.text) await dialog.getByLabel('Text shares').check();
    if (rights.file) await dialog.getByLabel('Files').check();
    if (rights.mount) await dialog.getByLabel('Mount explorer').check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(this.createdDialog).toBeVisible();
  }

  async closeCreatedDialog(): Promise<void> {
    await this.createdDialog.getByRole('button', { name: 'Done' }).click();
    await expect(this.createdDialog).toBeHidden();
  }
}
