import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** A share page: password prompt, details, download. */
export class FilePage {
  readonly password: Locator;
  readonly openButton: Locator;
  readonly downloadLink: Locator;
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Password', { exact: true });
    this.openButton = page.getByRole('button', { name: 'Open' });
    this.downloadLink = page.getByRole('link', { name: 'Download' });
    this.details = page.getByLabel('File details');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async unlock(password: string): Promise<void> {
    await this.password.fill(password);
    await this.openButton.click();
  }

  /** Downloads through the page's Download link and returns the sha256 of what arrived. */
  async downloadSha256(): Promise<string> {
    await expect(this.downloadLink).toBeVisible();
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 120_000 }),
      this.downloadLink.click(),
    ]);
    const path = await download.path();
    return sha256OfFile(path);
  }
}
