import { expect, type Locator, type Page } from '@playwright/test';

/** The app shell: top navigation, theme and language controls. */
export class ShellPage {
  readonly nav: Locator;
  readonly themeButton: Locator;
  readonly languageSelect: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: /^(Main|主导航)$/ });
    this.themeButton = page.getByRole('button', { name: /^(Theme|主题)/ });
    this.languageSelect = page.getByLabel(/^(Language|语言)$/);
  }

  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.nav).toBeVisible();
  }

  navLink(name: string | RegExp): Locator {
    return this.nav.getByRole('link', { name });
  }

  async themeMode(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('themeMode'));
  }

  async resolvedTheme(): Promise<string | null> {
    return this.page.locator('html').getAttribute('data-theme');
  }
}
