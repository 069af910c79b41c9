import { expect, test, type Browser, type Page } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { PasteHomePage } from './pages/paste-home.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

async function logIn(page: Page): Promise<void> {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin.modules).toBeVisible();
}

async function inFreshPage(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('an end-to-end encrypted paste: sealed before it leaves, opened only with the link, no view spent without it', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write('# Launch codes\n\nThe door opens with 7781.');
  await home.setOptions({ maxViews: 1 });
  await page.getByLabel('End-to-end encrypted').check();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/paste') && request.method() === 'POST');
  const link = await home.create();
  const body = (await sent).postData() ?? '';
  expect(body).toContain('e2ee1:');
  expect(body).not.toMatch(/Launch codes|7781/);
  expect(link).toMatch(/#k=[A-Za-z0-9_-]{43}$/);
  const [bare = ''] = link.split('#');

  // Without the key: told so at once, and the one view is left for the rightful reader.
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(bare);
    await expect(visitor.getByRole('heading', { name: 'This paste is end-to-end encrypted' })).toBeVisible();
    await expect(visitor.getByText('7781')).toHaveCount(0);
  });
  // With another key: the text stays sealed.
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(`${bare}#k=${'A'.repeat(43)}`);
    await expect(visitor.getByRole('button', { name: /Show it/ })).toBeVisible();
  });
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(link);
    await visitor.getByRole('button', { name: 'Show it: this can be viewed 1 more time' }).click();
    const content = visitor.getByRole('article', { name: 'Paste content' });
    await expect(content.getByRole('heading', { name: 'Launch codes' })).toBeVisible();
    await expect(content).toContainText('The door opens with 7781.');
  });
});

test('an encrypted paste without a view limit opens at once with its link, and a wrong key says so', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write('plain words, sealed');
  await page.getByLabel('End-to-end encrypted').check();
  const link = await home.create();
  const [bare = ''] = link.split('#');
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(link);
    await expect(visitor.getByRole('article', { name: 'Paste content' })).toContainText('plain words, sealed');
  });
  await inFreshPage(browser, async (visitor) => {
    await visitor.goto(`${bare}#k=${'A'.repeat(43)}`);
    await expect(visitor.getByRole('heading', { name: 'This link does not open the paste' })).toBeVisible();
  });
});
