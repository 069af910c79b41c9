// What a first visit downloads and paints: the home page's editor area before CodeMirror and the
// local database arrive, CodeMirror taking the text area's place without moving anything, and
// share pages that load no editor and no admin code.
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { PasteHomePage } from './pages/paste-home.page';
import { adminCall, adminToken, shareFile, unshareFile } from './support/admin-api';
import { E2E_PORT } from './support/env';

// The service worker would answer the app's requests itself, out of page.route's sight.
test.use({ locale: 'en-US', serviceWorkers: 'block' });

/**
 * Every script the page has requested so far, by file name. (`database-name` is not the local
 * database: only the few lines that tell whether this browser holds one.)
 */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  return seen;
}

/** Holds the chunks `pattern` names until `release` is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const codeMirrorChunk = /\/assets\/code-editor-[^/]+\.js$/;

/** The stylesheets an HTML page links. */
function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((match) => match[1] ?? '');
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not on screen`);
  return box;
}

test('the home page paints a plain text area first and loads neither CodeMirror nor the local database for it', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const home = new PasteHomePage(page);
  await home.goto();
  await expect(home.plainArea).toBeVisible();
  await expect(home.toolbar.getByRole('button', { name: 'Bold' })).toBeDisabled();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((name) => /^(code-editor|database|paste-draft-store)-(?!name-)/.test(name))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
});

test('CodeMirror takes over the text area in the same box when the user reaches for it', async ({ page }) => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const home = new PasteHomePage(page);
    await home.goto();
    await expect(home.plainArea).toBeVisible();
    const before = {
      editor: await boxOf(page, '.paste-editor__pane'),
      options: await boxOf(page, '.paste-options__panel'),
      create: await boxOf(page, '.create-paste .actions'),
    };
    await home.plainArea.click();
    await expect(home.codeMirror).toBeFocused();
    await expect(home.toolbar.getByRole('button', { name: 'Bold' })).toBeEnabled();
    const after = {
      editor: await boxOf(page, '.paste-editor__pane'),
      options: await boxOf(page, '.paste-options__panel'),
      create: await boxOf(page, '.create-paste .actions'),
    };
    for (const part of ['editor', 'options', 'create'] as const) {
      expect(Math.abs(after[part].y - before[part].y), `${part} at ${viewport.width} px`).toBeLessThan(1);
      expect(Math.abs(after[part].height - before[part].height), `${part} at ${viewport.width} px`).toBeLessThan(1);
    }
  }
});

test('text typed before CodeMirror arrives is kept, typing carries on in it, and the draft survives a reload', async ({
  page,
}) => {
  const release = await hold(page, codeMirrorChunk);
  const home = new PasteHomePage(page);
  await home.goto();
  await home.plainArea.click();
  await page.keyboard.type('typed early, ');
  await expect(home.plainArea).toHaveValue('typed early, ');
  await expect(home.codeMirror).toHaveCount(0);

  release();
  await expect(home.codeMirror).toBeFocused();
  await page.keyboard.type('then in the editor');
  await home.expectContent('typed early, then in the editor');
  await expect(home.draftSaved).toBeVisible();

  await page.unroute(codeMirrorChunk);
  await page.reload();
  await home.expectContent('typed early, then in the editor');
  await home.editor.click();
  await expect(home.codeMirror).toBeFocused();
  await home.expectContent('typed early, then in the editor');
});

test("each share page's HTML preloads its own screen, the home page its editor page and the explorer its explorer", async ({
  page,
}) => {
  const cases: [string, RegExp][] = [
    ['/paste/any-slug', /paste\.lazy-[\w-]+\.js/],
    ['/file/any-slug', /file\.lazy-[\w-]+\.js/],
    ['/', /create-paste-page-[\w-]+\.js/],
    ['/mount-explorer/trip/photos', /mount-explorer-path\.lazy-[\w-]+\.js/],
  ];
  for (const [path, chunk] of cases) {
    const html = await (await page.request.get(path)).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(
      preloads.some((href) => chunk.test(href)),
      path,
    ).toBe(true);
    // Every preloaded file is one the build wrote (not a chunk dropped for carrying only CSS).
    const styles = stylesheetsOf(html);
    for (const href of [...preloads, ...styles])
      expect((await page.request.head(href)).status(), `${path} preloads ${href}`).toBe(200);
  }
  // Other routes get index.html, which preloads the app's start alone.
  const admin = await (await page.request.get('/admin')).text();
  expect(admin).not.toMatch(/paste\.lazy-|file\.lazy-|create-paste-page-|mount-explorer(-path)?\.lazy-|screen-/);
  expect(admin).toMatch(/rel="modulepreload"/);
});

test('a share page comes in a dozen scripts, not dozens: the start in one file, compiled as it streams in', async ({
  page,
}) => {
  // On HTTP/1.1 each file waits for one of six connections: the start's modules are grouped
  // (scripts/first-load-chunks.ts), and the share pages are the ones most visitors open. The
  // app's services are one file of their own, which the home page loads after its first paint.
  for (const path of ['/paste/any-slug', '/file/any-slug']) {
    const html = await (await page.request.get(path)).text();
    const scripts = [
      ...html.matchAll(/<(?:link rel="modulepreload"|script type="module") crossorigin (?:href|src)="([^"]+)"[^>]*>/g),
    ].map((match) => match[1] ?? '');
    expect(scripts.length, `${path}: ${scripts.join(' ')}`).toBeLessThanOrEqual(15);
    expect(new Set(scripts).size, path).toBe(scripts.length);
    expect(
      scripts.filter((href) => /\/start-services-[\w-]+\.js$/.test(href)),
      path,
    ).toHaveLength(1);
    const start = scripts.filter((href) => /\/start-app-[\w-]+\.js$/.test(href));
    expect(start, path).toHaveLength(1);
    // V8 compiles every function of a file that opens with this hint while it downloads.
    expect(
      (await (await page.request.get(start[0] ?? '')).text()).startsWith('//# allFunctionsCalledOnLoad\n'),
      path,
    ).toBe(true);
  }
});

test('the styles of the home page, the share pages and the explorer come with their HTML: none is added once the app runs', async ({
  browser,
  request,
}) => {
  // Each page as a first visit, in a browser of its own: the paste page keeps its offline copy at
  // once (in a worker), and a browser that holds the local database opens it on its next page.
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}`, locale: 'en-US' });
  let page = await context.newPage();
  const token = await adminToken(request);
  const slug = `styled-${Date.now().toString(36)}`;
  await adminCall(request, token, 'post', '/paste', { content: '# Styled\n\n| a | b |\n|---|---|\n| 1 | 2 |', slug });
  const cases: [string, () => Promise<void>][] = [
    [
      `/paste/${slug}`,
      () => expect(page.getByRole('article', { name: 'Paste content' }).getByRole('table')).toBeVisible(),
    ],
    ['/file/no-such-file', () => expect(page).toHaveTitle(/File not found/)],
    ['/', () => expect(new PasteHomePage(page).plainArea).toBeVisible()],
    [
      '/mount-explorer',
      () =>
        expect(page.getByRole('status').filter({ hasText: 'The mount explorer needs an admin login' })).toBeVisible(),
    ],
  ];
  for (const [path, shown] of cases) {
    await page.context().close();
    page = await browser
      .newContext({ baseURL: `http://localhost:${E2E_PORT}`, locale: 'en-US' })
      .then((fresh) => fresh.newPage());
    const requested: string[] = [];
    const collect = (sent: Request) => {
      if (sent.resourceType() === 'stylesheet') requested.push(new URL(sent.url()).pathname);
    };
    page.on('request', collect);
    const html = await (await page.goto(path))?.text();
    await shown();
    await page.waitForLoadState('networkidle');
    page.off('request', collect);
    expect(requested.length, path).toBeGreaterThan(0);
    expect(
      requested.filter((href) => !stylesheetsOf(html ?? '').includes(href)),
      path,
    ).toEqual([]);
  }
  await page.context().close();
});

test('a shared paste loads no editor, no local database and no admin code', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/paste/no-such-paste');
  await expect(page).toHaveTitle(/Paste not found/);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((name) => /^(code-editor|edit-paste|paste-editor|database(?!-name-)|admin|upload)/.test(name)),
  ).toEqual([]);
});

test('a shared file loads no editor, no local database and no admin code', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/file/no-such-file');
  await expect(page).toHaveTitle(/File not found/);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((name) => /^(code-editor|edit-paste|paste-editor|database(?!-name-)|admin|upload)/.test(name)),
  ).toEqual([]);
});

test('a shared Markdown file is previewed as the server rendered it: coloured code, and no Markdown code in the browser', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const slug = await shareFile(
    request,
    token,
    `deploy-${Date.now().toString(36)}.md`,
    '# Deploy\n\n```sh\necho "ready"\n```\n',
    'text/markdown',
  );
  try {
    const scripts = scriptsOf(page);
    await page.goto(`/file/${slug}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Deploy' })).toBeVisible();
    await expect(preview.locator('code.hljs.language-sh .hljs-string')).toHaveText('"ready"');
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((name) => /^(markdown-render|markdown-[\w-]{8}\.js|markdown\.worker|highlight)/.test(name)),
    ).toEqual([]);
  } finally {
    await unshareFile(request, token, slug);
  }
});

test('a Markdown file opens with its preview: both come with the HTML, shown before the app has run, and the app asks for neither', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const slug = await shareFile(
    request,
    token,
    `once-${Date.now().toString(36)}.md`,
    '# Once\n\nread me once\n',
    'text/markdown',
  );
  // (A view-limited share's preview waits for the visitor's "Show it": tests/e2e/paste-reveal.e2e.ts.)
  const { id } = ((await (await request.get(`/api/public/files/${slug}`)).json()) as { data: { id: string } }).data;
  try {
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/api/')) asked.push(new URL(sent.url()).pathname);
    });
    // The app's code is held back: the server rendered the details and the preview all the same.
    const release = await hold(page, /\/assets\/start-[^/]+\.js$/);
    await page.goto(`/file/${slug}`, { waitUntil: 'commit' });
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Once' })).toBeVisible();
    release();
    await expect(page.locator('#shell-frame')).toHaveCount(0);
    await expect(preview.getByRole('heading', { name: 'Once' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => path === `/api/public/files/${slug}`)).toHaveLength(0);
    expect(asked.filter((path) => path === `/api/file-preview/${slug}`)).toHaveLength(0);
    // The HTML's preview was the visit's one view.
    const views = ((await (await request.get(`/api/public/files/${slug}`)).json()) as { data: { views: number } }).data
      .views;
    expect(views).toBe(1);
  } finally {
    await adminCall(request, token, 'delete', `/admin/files/${id}`);
  }
});

test('a one-view paste: the reveal step comes with the HTML, before its code arrives, and the app spends nothing until asked', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const slug = `once-${Date.now().toString(36)}`;
  await adminCall(request, token, 'post', '/paste', { content: 'read me once', slug, format: 'plain', maxViews: 1 });
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) asked.push(new URL(sent.url()).pathname);
  });
  // The app's code is held back: the page shows the reveal step all the same, from its HTML.
  const release = await hold(page, /\/assets\/start-[^/]+\.js$/);
  await page.goto(`/paste/${slug}`, { waitUntil: 'commit' });
  const show = page.getByRole('button', { name: 'Show it: this can be viewed 1 more time' });
  await expect(show).toBeVisible();
  release();
  await expect(page.locator('#shell-frame')).toHaveCount(0);
  await expect(show).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The HTML carried the step; the app used it and asked nothing.
  expect(asked.filter((path) => path === `/api/paste/${slug}`)).toHaveLength(0);
  await show.click();
  await expect(page.getByRole('article', { name: 'Paste content' })).toHaveText('read me once');
  expect(asked.filter((path) => path === `/api/paste/${slug}`)).toHaveLength(1);
});

test("the explorer's own code downloads from the start for a stored session, and not at all without one", async ({
  page,
  request,
}) => {
  const explorerChunks = /^(explorer|screen-explorer-session)-[\w-]+\.js$/;
  const scripts = scriptsOf(page);
  await page.goto('/mount-explorer');
  await expect(page.getByRole('status').filter({ hasText: 'The mount explorer needs an admin login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((name) => explorerChunks.test(name))).toEqual([]);

  // Signed in: the app's code is held back, and the explorer's is asked for all the same.
  const token = await adminToken(request);
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  const release = await hold(page, /\/assets\/start-[^/]+\.js$/);
  const explorerAsked = page.waitForRequest((sent) =>
    explorerChunks.test(new URL(sent.url()).pathname.split('/').pop() ?? ''),
  );
  await page.goto('/mount-explorer', { waitUntil: 'commit' });
  await explorerAsked;
  release();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toBeVisible();
});

test("the home page paints before the app's services arrive for a visitor with no session; a stored session asks for them from the start", async ({
  page,
  request,
}) => {
  const servicesChunk = /\/assets\/start-services-[\w-]+\.js$/;
  const home = await (await page.request.get('/')).text();
  const outsideTemplates = home.replace(/<template data-session-preloads>[\s\S]*?<\/template>/g, '');
  expect(outsideTemplates).not.toMatch(/start-services-/);
  expect(home).toMatch(/<template data-session-preloads>[\s\S]*start-services-[\s\S]*<\/template>/);

  // No session: the editor area paints while the services' code is held back, and the app asks
  // for that code by itself once painted.
  const releaseServices = await hold(page, servicesChunk);
  const servicesAsked = page.waitForRequest((sent) => servicesChunk.test(new URL(sent.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New paste' })).toBeVisible();
  await expect(page.getByLabel('Paste content')).toBeVisible();
  await servicesAsked;
  releaseServices();
  await page.unrouteAll({ behavior: 'wait' });

  // Signed in: with the app's start held back, the services' code is asked for all the same.
  const token = await adminToken(request);
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
  const releaseStart = await hold(page, /\/assets\/start-app-[\w-]+\.js$/);
  const askedEarly = page.waitForRequest((sent) => servicesChunk.test(new URL(sent.url()).pathname));
  await page.goto('/', { waitUntil: 'commit' });
  await askedEarly;
  releaseStart();
  await expect(page.getByRole('heading', { name: 'New paste' })).toBeVisible();
  await expect(page.getByText('You are not signed in')).toHaveCount(0);
});
