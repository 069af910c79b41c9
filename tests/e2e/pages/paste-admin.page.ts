import { expect, type Locator, type Page } from '@playwright/test';

/** The admin "text management" module. */
export class PasteAdminPage {
  readonly heading: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Text management', level: 1 });
    this.status = page.getByRole('status').filter({ hasText: /\S/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/text-management');
    await expect(this.heading).toBeVisible();
  }

  row(slug: string): Locator {
    return this.page.locator(`tr[data-slug="${slug}"]`);
  }

  async editRemark(slug: string, remark: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${slug}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit paste' });
    const field = dialog.getByLabel('Remark (optional)');
    await expect(field).toBeVisible();
    await field.fill(remark);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
  }

  async deleteSelected(slugs: string[]): Promise<void> {
    for (const slug of slugs) await this.page.getByRole('checkbox', { name: `Select ${slug}` }).check();
    await this.page.getByRole('button', { name: `Delete selected (${slugs.length})` }).click();
    await this.page
      .getByRole('alertdialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
  }
}
