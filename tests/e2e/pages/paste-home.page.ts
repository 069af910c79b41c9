import { expect, type Locator, type Page } from '@playwright/test';

export type PasteOptionsInput = { slug?: string; password?: string; maxViews?: number; remark?: string };

/** The home page: the Markdown editor, its options and the share panel. */
export class PasteHomePage {
  readonly heading: Locator;
  readonly editor: Locator;
  readonly createButton: Locator;
  readonly shareLink: Locator;
  readonly draftSaved: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New paste' });
    this.editor = page.locator('.cm-content');
    this.createButton = page.getByRole('button', { name: 'Create paste' });
    this.shareLink = page.getByTestId('share-link');
    this.draftSaved = page.getByText('Draft saved on this device.');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.heading).toBeVisible();
    await expect(this.editor).toBeVisible();
  }

  async write(text: string): Promise<void> {
    await this.editor.click();
    await this.page.keyboard.insertText(text);
  }

  async setOptions(options: PasteOptionsInput): Promise<void> {
    if (options.remark !== undefined) await this.page.getByLabel('Remark (optional)').fill(options.remark);
    if (options.slug !== undefined) await this.page.getByLabel('Custom link suffix (optional)').fill(options.slug);
    if (options.password !== undefined) await this.page.getByLabel('Password (optional)').fill(options.password);
    if (options.maxViews !== undefined) await this.page.getByLabel('Maximum views').fill(String(options.maxViews));
  }

  /** Creates the paste and returns its share link. */
  async create(): Promise<string> {
    await this.createButton.click();
    await expect(this.shareLink).toBeVisible();
    const href = await this.shareLink.getAttribute('href');
    if (!href) throw new Error('the share panel shows no link');
    return href;
  }
}
