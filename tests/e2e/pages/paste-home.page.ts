import { expect, type Locator, type Page } from '@playwright/test';

export type PasteOptionsInput = { slug?: string; password?: string; maxViews?: number; remark?: string };

/**
 * The home page: the editor, its options and the share panel. The editor is a plain text area
 * until the user reaches for it; then CodeMirror (`codeMirror`) takes over in the same box.
 */
export class PasteHomePage {
  readonly heading: Locator;
  /** The text area or CodeMirror's content, whichever holds the text now. */
  readonly editor: Locator;
  readonly plainArea: Locator;
  readonly codeMirror: Locator;
  readonly toolbar: Locator;
  readonly createButton: Locator;
  readonly shareLink: Locator;
  readonly draftSaved: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New paste' });
    this.editor = page.getByRole('textbox', { name: 'Paste content' });
    this.plainArea = page.locator('textarea.plain-editor');
    this.codeMirror = page.locator('.cm-content');
    this.toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    this.createButton = page.getByRole('button', { name: 'Create paste' });
    this.shareLink = page.getByTestId('share-link');
    this.draftSaved = page.getByText('Draft saved on this device.');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.heading).toBeVisible();
    await expect(this.editor).toBeVisible();
  }

  /** Clicks into the editor and waits for CodeMirror to take over (its chunk loads on that first touch). */
  async focusEditor(): Promise<void> {
    await this.editor.click();
    await expect(this.codeMirror).toBeFocused();
  }

  /** Clicks into the editor, waits for CodeMirror to take over, then types. */
  async write(text: string): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.insertText(text);
  }

  /** The text the editor holds, whichever of the two it is. */
  async expectContent(text: string): Promise<void> {
    await expect
      .poll(async () =>
        (await this.codeMirror.count()) > 0 ? this.codeMirror.innerText() : this.plainArea.inputValue(),
      )
      .toBe(text);
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
