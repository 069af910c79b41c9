import { expect, type Locator, type Page } from '@playwright/test';

/** The mount management module: the list, its active switches and the create dialog. */
export class AdminMountsPage {
  readonly createButton: Locator;
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.createButton = page.getByRole('button', { name: 'Create mount' });
    this.table = page.getByRole('table', { name: 'Mounts' });
    this.dialog = page.getByRole('dialog', { name: 'Create mount' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/mount-management');
    await expect(this.page.getByRole('heading', { name: 'Mount management', level: 1 })).toBeVisible();
  }

  activeSwitch(name: string): Locator {
    return this.page.getByRole('switch', { name: `Active: ${name}` });
  }

  /** The storage configs offered by the create form, without the "choose" placeholder. */
  async storageConfigOptions(): Promise<string[]> {
    const select = this.dialog.getByLabel('Storage configuration');
    await expect(select).toBeEnabled();
    const labels = await select.locator('option').allTextContents();
    return labels.slice(1);
  }

  async create(name: string, mountPath: string, storageConfig: string): Promise<void> {
    await this.dialog.getByLabel('Name').fill(name);
    await this.dialog.getByLabel('Mount path').fill(mountPath);
    await this.dialog.getByLabel('Storage configuration').selectOption({ label: storageConfig });
    await this.dialog.getByRole('button', { name: 'Create mount' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
