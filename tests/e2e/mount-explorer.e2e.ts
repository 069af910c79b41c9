// The mount explorer end to end on the local driver: the admin browses a mount, makes a folder,
// uploads into it, edits and saves a text file, renames, searches and deletes, at desktop width;
// a read-only API key is kept to its base path; at 390 px with touch a long press opens the menu.
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { ExplorerPage } from './pages/explorer.page';
import { TransfersPage } from './pages/transfers.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ data });
const runId = randomBytes(4).toString('hex');
const mountPath = `/e2e-explorer-${runId}`;
// The mount shows the whole local storage, which other specs write into too: this spec works in a
// folder of its own and names what it searches for uniquely.
const runFolder = `run-${runId}`;
const renamed = `renamed-${runId}.log`;
let token = '';

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(response.ok()).toBe(true);
  return envelope(z.object({ token: z.string() })).parse(await response.json()).data.token;
}

/** A mount on the default local storage config, made through the API. */
async function createLocalMount(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string(), is_default: z.boolean() }))).parse(
    await (await request.get('/api/s3-configs', { headers })).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  expect(local, 'the server creates a local storage config at first start').toBeDefined();
  const created = await request.post('/api/admin/mounts', {
    headers,
    data: {
      name: 'E2E explorer',
      storage_type: 'local',
      storage_config_id: local?.id,
      mount_path: mountPath,
      cache_ttl: 0,
    },
  });
  expect(created.status()).toBe(201);
}

async function signIn(page: Page): Promise<void> {
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  await createLocalMount(request);
});

test('browse, new folder, upload, edit, rename, search and delete at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const explorer = new ExplorerPage(page);
  await explorer.goto('');
  await explorer.link('E2E explorer').click();
  await expect(page).toHaveURL(new RegExp(`/mount-explorer${mountPath}$`));
  await explorer.mkdir(runFolder);
  await explorer.link(runFolder).click();
  await expect(page.getByText('This folder is empty. Drop files here or use Upload.')).toBeVisible();

  await explorer.mkdir('docs');
  await explorer.link('docs').click();
  await expect(page.getByRole('navigation', { name: 'Folder path' }).getByText('docs')).toHaveAttribute(
    'aria-current',
    'page',
  );

  await explorer.fileInput.setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first line\n') },
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') },
    { name: 'old.log', mimeType: 'text/plain', buffer: Buffer.from('log') },
  ]);
  await expect(page.locator('.explorer-upload[data-status="done"]')).toHaveCount(3);
  await expect(explorer.link('notes.txt')).toBeVisible();
  await expect(explorer.link('photo.png')).toBeVisible();
  // The three files chosen together are one upload task in the task panel.
  const transfers = new TransfersPage(page);
  await transfers.openTasks();
  await expect(transfers.tasks().filter({ hasText: 'Upload 3 files' })).toContainText(
    'Upload completed: 3 succeeded, 0 failed',
  );
  await transfers.close();

  // Right click opens the menu; Edit opens CodeMirror; Save writes the file.
  await explorer.entry('notes.txt').click({ button: 'right' });
  await explorer.menuItem('Edit').click();
  const editor = explorer.dialog.locator('.cm-content');
  await expect(editor).toContainText('first line');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('saved from the explorer');
  await explorer.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(explorer.dialog.getByText('Saved.')).toBeVisible();
  // The focus stays in the dialog after Save, and Escape closes it.
  expect(await explorer.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(explorer.dialog).toHaveCount(0);

  // The preview shows the saved text; next goes on to the following file.
  await explorer.link('notes.txt').click();
  await expect(page).toHaveURL(/preview=notes\.txt/);
  await expect(explorer.dialog.locator('.file-code')).toContainText('saved from the explorer');
  await explorer.dialog.getByRole('button', { name: 'Close preview' }).click();
  await expect(page).not.toHaveURL(/preview=/);

  // Keyboard: F2 renames the focused entry; the context-menu key opens its menu.
  await explorer.link('old.log').focus();
  await page.keyboard.press('F2');
  await explorer.rename(explorer.link('old.log'), renamed);
  await explorer.link(renamed).focus();
  await page.keyboard.press('ContextMenu');
  await expect(explorer.menu).toBeVisible();
  await expect(explorer.menuItem('Preview')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(explorer.menu).toHaveCount(0);

  // Search needs 2 characters; a hit opens its folder with the file previewed.
  await explorer.search.fill('r');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
  await explorer.search.fill(renamed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: `1 result for “${renamed}”` })).toBeVisible();
  await page.locator('.search-results').getByRole('link', { name: renamed }).click();
  await expect(page).toHaveURL(new RegExp(`preview=${renamed.replace('.', '\\.')}`));
  await explorer.dialog.getByRole('button', { name: 'Close preview' }).click();

  // Delete one from its menu, then two selected at once.
  await explorer
    .entry(renamed)
    .getByRole('button', { name: `Actions for ${renamed}` })
    .click();
  await explorer.menuItem('Delete').click();
  await explorer.confirmDelete();
  await expect(explorer.link(renamed)).toHaveCount(0);
  await explorer.entry('notes.txt').getByRole('checkbox').check();
  await explorer.entry('photo.png').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await explorer.confirmDelete();
  await expect(page.getByText('This folder is empty. Drop files here or use Upload.')).toBeVisible();
  await explorer.expectNoSideScroll();
});

test('a read-only API key lands on its base path and cannot go above it', async ({ page, request }) => {
  const basePath = `${mountPath}/${runFolder}/docs`;
  const created = await request.post('/api/admin/api-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'E2E explorer key', mount_permission: true, read_only: true, basic_path: basePath },
  });
  expect(created.status()).toBe(201);
  const key = envelope(z.object({ id: z.string(), key: z.string() })).parse(await created.json()).data;
  const session = {
    api_key: key.key,
    api_key_permissions: JSON.stringify({ text: false, file: false, mount: true }),
    api_key_info: JSON.stringify({ id: key.id, name: 'E2E explorer key', basic_path: basePath, read_only: true }),
  };
  await page.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(session)})) window.localStorage.setItem(k, v);`,
  });
  const explorer = new ExplorerPage(page);

  await page.goto('/mount-explorer');
  await expect(page).toHaveURL(new RegExp(`/mount-explorer${basePath}$`));
  await expect(page.getByText('Read only: this API key cannot change files here.')).toBeVisible();
  await expect(explorer.newFolder).toHaveCount(0);
  await page.goto(`/mount-explorer${mountPath}`);
  await expect(page).toHaveURL(new RegExp(`/mount-explorer${basePath}$`));
});

test.describe('at 390 px with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a long press opens the menu; upload, rename and delete work on a phone', async ({ page }) => {
    await signIn(page);
    const explorer = new ExplorerPage(page);
    await explorer.goto(`${mountPath}/${runFolder}`);
    await explorer.mkdir('phone');
    await explorer.link('phone').click();
    await explorer.fileInput.setInputFiles([
      { name: 'memo.md', mimeType: 'text/markdown', buffer: Buffer.from('# memo') },
    ]);
    await expect(explorer.link('memo.md')).toBeVisible();
    await explorer.expectNoSideScroll();

    // A touch held still opens the menu once the press has lasted; lifting it opens nothing else.
    const box = await explorer.entry('memo.md').boundingBox();
    if (box === null) throw new Error('memo.md is not on screen');
    const point = { x: box.x + box.width / 3, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await expect(explorer.menu).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page).not.toHaveURL(/preview=/);
    const menuBox = await explorer.menu.boundingBox();
    expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 390).toBe(true);
    await explorer.menuItem('Rename').click();
    await explorer.rename(explorer.link('memo.md'), 'memo-2.md');

    await explorer.entry('memo-2.md').getByRole('button', { name: 'Actions for memo-2.md' }).click();
    await explorer.menuItem('Delete').click();
    await explorer.confirmDelete();
    await expect(explorer.link('memo-2.md')).toHaveCount(0);
    await explorer.expectNoSideScroll();
  });
});
