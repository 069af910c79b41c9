import { expect, test, type Browser, type Page } from '@playwright/test';
import { AdminPage } from './pages/admin.page';
import { PasteAdminPage } from './pages/paste-admin.page';
import { PasteHomePage } from './pages/paste-home.page';
import { PasteViewPage } from './pages/paste-view.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function logIn(page: Page): Promise<void> {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.login(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin.modules).toBeVisible();
}

/** Opens the link in a new browser context: no session, no cookies, no local data. */
async function inFreshContext<T>(browser: Browser, run: (view: PasteViewPage) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    return await run(new PasteViewPage(await context.newPage()));
  } finally {
    await context.close();
  }
}

async function createPaste(
  page: Page,
  content: string,
  options: Parameters<PasteHomePage['setOptions']>[0],
): Promise<string> {
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write(content);
  await home.setOptions(options);
  return home.create();
}

test('a protected Markdown paste with two allowed views, opened from fresh browsers', async ({ page, browser }) => {
  await logIn(page);
  const markdown = '# Release notes\n\n| Name | Value |\n| --- | --- |\n| alpha | 42 |\n';
  const link = await createPaste(page, markdown, { slug: unique('notes'), password: 'open-sesame', maxViews: 2 });

  await inFreshContext(browser, async (view) => {
    await view.goto(link);
    await view.unlock('not-the-password');
    await expect(view.error).toContainText('Incorrect password.');
    await expect(view.password).toHaveAccessibleDescription(/Incorrect password\./);
    await view.unlock('open-sesame');
    await expect(view.content.getByRole('heading', { name: 'Release notes' })).toBeVisible();
    await expect(view.content.getByRole('cell', { name: 'alpha' })).toBeVisible();
  });

  await inFreshContext(browser, async (view) => {
    await view.goto(link);
    await view.unlock('open-sesame');
    await expect(view.content.getByRole('cell', { name: '42' })).toBeVisible();
  });

  await inFreshContext(browser, async (view) => {
    await view.goto(link);
    await expect(view.goneHeading).toBeVisible();
  });
});

test('HTML in a paste is sanitised: an onerror handler never runs', async ({ page, browser }) => {
  await logIn(page);
  const link = await createPaste(page, '<img src=x onerror="window.__xss=1">', {});

  await inFreshContext(browser, async (view) => {
    await view.goto(link);
    await expect(view.content.locator('img')).toHaveCount(1);
    expect(await view.content.locator('img').getAttribute('onerror')).toBeNull();
    expect(await view.page.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined();
  });
});

test('a Markdown paste arrives rendered by the server: its code is coloured and no Markdown code loads in the browser', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const link = await createPaste(page, '# Deploy\n\n```js\nconst port = 8787;\n```', {});

  await inFreshContext(browser, async (view) => {
    const scripts: string[] = [];
    view.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.split('/').pop() ?? '');
    });
    await view.goto(link);
    await expect(view.content.getByRole('heading', { name: 'Deploy' })).toBeVisible();
    await expect(view.content.locator('code.hljs.language-js .hljs-keyword')).toHaveText('const');
    await view.page.waitForLoadState('networkidle');
    expect(
      scripts.filter((name) => /^(markdown-render|markdown-[\w-]{8}\.js|markdown\.worker|highlight)/.test(name)),
    ).toEqual([]);
  });
});

test('the admin edits a paste from its view page and sees the new content', async ({ page, browser }) => {
  await logIn(page);
  const link = await createPaste(page, '# Draft title', { slug: unique('edit-me') });

  const view = new PasteViewPage(page);
  await view.goto(link);
  await expect(view.content.getByRole('heading', { name: 'Draft title' })).toBeVisible();
  await view.editAsPlainText('# Final text, shown as written');
  await expect(view.content.locator('pre')).toHaveText('# Final text, shown as written');
  await expect(view.content.getByRole('heading')).toHaveCount(0);

  await inFreshContext(browser, async (visitor) => {
    await visitor.goto(link);
    await expect(visitor.content.locator('pre')).toHaveText('# Final text, shown as written');
    await expect(visitor.editButton).toHaveCount(0);
  });
});

test('text management lists pastes, edits a remark and deletes two at once', async ({ page }) => {
  await logIn(page);
  const first = unique('first');
  const second = unique('second');
  await createPaste(page, 'first paste', { slug: first });
  await createPaste(page, 'second paste', { slug: second });

  const admin = new PasteAdminPage(page);
  await admin.goto();
  await expect(admin.row(first)).toContainText('first paste');
  await admin.editRemark(first, 'checked by e2e');
  await expect(admin.row(first)).toContainText('checked by e2e');

  await admin.deleteSelected([first, second]);
  await expect(admin.status).toContainText('Deleted 2 pastes.');
  await expect(admin.row(first)).toHaveCount(0);
  await expect(admin.row(second)).toHaveCount(0);
});

test('the unsent draft survives a reload, and no library advertises itself in the console', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const home = new PasteHomePage(page);
  await home.goto();
  await home.write('draft that must survive');
  await expect(home.draftSaved).toBeVisible();
  await page.reload();
  await home.expectContent('draft that must survive');
  expect(logged.filter((text) => /RxDB|premium/i.test(text))).toEqual([]);
});
