import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's Tasks and Basket buttons and the panels they open. */
export class TransfersPage {
  readonly tasksButton: Locator;
  readonly basketButton: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.tasksButton = page.getByRole('button', { name: /^Tasks/ });
    this.basketButton = page.getByRole('button', { name: /^Basket/ });
    this.panel = page.getByRole('dialog');
  }

  async openBasket(): Promise<void> {
    await this.basketButton.click();
    await expect(this.panel.getByRole('heading', { name: 'File basket' })).toBeVisible();
  }

  async openTasks(): Promise<void> {
    await this.tasksButton.click();
    await expect(this.panel.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  }

  async close(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.panel).toHaveCount(0);
  }

  basketItems(): Locator {
    return this.panel.getByRole('list', { name: 'File basket' }).getByRole('listitem');
  }

  basketItem(name: string): Locator {
    return this.basketItems().filter({ hasText: name });
  }

  tasks(): Locator {
    return this.panel.getByRole('list', { name: 'Tasks' }).locator(':scope > li');
  }
}
