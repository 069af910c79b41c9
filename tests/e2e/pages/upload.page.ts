import { expect, type Locator, type Page } from '@playwright/test';

/** The upload screen: file picker, share options, and one row per file with progress and link. */
export class UploadPage {
  readonly fileInput: Locator;
  readonly dropZone: Locator;
  readonly startButton: Locator;
  readonly password: Locator;
  readonly cancelAll: Locator;

  constructor(readonly page: Page) {
    this.fileInput = page.locator('input[type="file"]');
    this.dropZone = page.getByRole('button', { name: /Drop files here or choose files/ });
    this.startButton = page.getByRole('button', { name: /^Upload \(\d+\)$/ });
    this.password = page.getByLabel('Password (optional)');
    this.cancelAll = page.getByRole('button', { name: 'Cancel all' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/upload');
    await expect(this.page.getByRole('heading', { name: 'Upload files' })).toBeVisible();
    await expect(this.dropZone).toBeVisible();
  }

  async upload(paths: string[]): Promise<void> {
    await this.fileInput.setInputFiles(paths);
    await expect(this.startButton).toHaveText(`Upload (${paths.length})`);
    await this.startButton.click();
  }

  row(name: string): Locator {
    return this.page.locator('.upload-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  progress(name: string): Locator {
    return this.page.getByRole('progressbar', { name: `Progress of ${name}` });
  }

  cancel(name: string): Locator {
    return this.page.getByRole('button', { name: `Cancel ${name}` });
  }

  /** Waits for the file's share link and returns its path (`/file/<slug>`). */
  async shareLink(name: string, timeout = 60_000): Promise<string> {
    // The share box labels its link with the address itself.
    const link = this.row(name).getByRole('link', { name: /\/file\// });
    await expect(link).toBeVisible({ timeout });
    const href = await link.getAttribute('href');
    if (href === null) throw new Error(`no share link for ${name}`);
    return new URL(href).pathname;
  }

  /** The From URL tab: check the URL, then start once its details show. */
  async uploadFromUrl(url: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'From a URL' }).click();
    await this.page.getByLabel('File URL').fill(url);
    await this.page.getByRole('button', { name: 'Check URL' }).click();
    await expect(this.page.getByLabel('Save as')).not.toHaveValue('');
    await this.page.getByRole('button', { name: 'Upload from URL' }).click();
  }

  async percent(name: string): Promise<number> {
    return Number((await this.progress(name).getAttribute('value')) ?? '0');
  }
}
