import { expect, type Locator, type Page } from '@playwright/test';

/** The mount explorer: breadcrumbs, toolbar, entries, context menu and its dialogs. */
export class ExplorerPage {
  readonly fileInput: Locator;
  readonly newFolder: Locator;
  readonly entries: Locator;
  readonly menu: Locator;
  readonly dialog: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.fileInput = page.locator('.explorer input[type="file"]');
    this.newFolder = page.getByRole('button', { name: 'New folder' });
    this.entries = page.locator('.entries');
    this.menu = page.getByRole('menu');
    this.dialog = page.getByRole('dialog');
    this.search = page.getByLabel('Search files and folders');
  }

  async goto(folder: string): Promise<void> {
    await this.page.goto(`/mount-explorer${folder}`);
    await expect(this.page.getByRole('heading', { name: 'Mount explorer', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  }

  entry(name: string): Locator {
    return this.entries.getByRole('listitem').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  link(name: string): Locator {
    return this.entries.getByRole('link', { name, exact: true });
  }

  menuItem(name: string): Locator {
    return this.menu.getByRole('menuitem', { name });
  }

  async mkdir(name: string): Promise<void> {
    await this.newFolder.click();
    await this.dialog.getByLabel('Folder name').fill(name);
    await this.dialog.getByRole('button', { name: 'Create' }).click();
    await expect(this.dialog).toHaveCount(0);
    await expect(this.link(name)).toBeVisible();
  }

  async rename(from: Locator, to: string): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByLabel('New name').fill(to);
    await this.dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(this.dialog).toHaveCount(0);
    await expect(from).toHaveCount(0);
    await expect(this.link(to)).toBeVisible();
  }

  async confirmDelete(): Promise<void> {
    const confirm = this.page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveCount(0);
  }

  /** The page scrolls only vertically. */
  async expectNoSideScroll(): Promise<void> {
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
}
