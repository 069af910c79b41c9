// The app adopts a server-rendered share page's nodes (hydrateRoot) instead of drawing them again:
// the elements on screen before any script ran are the very ones the app then handles, a press on
// a button made before the app took over is acted on, hydration logs nothing (no mismatch, in
// either language, with dates written in another time zone than the visitor's), nothing moves,
// and a page visit spends one view.
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { z } from 'zod';
import { adminCall, adminToken, envelope } from './support/admin-api';

const created = envelope(z.object({ id: z.string(), slug: z.string() }));
const detail = envelope(z.object({ views: z.number() }));

const words = {
  en: {
    locale: 'en-US',
    qr: 'QR code',
    qrAlt: 'QR code for this page',
    show: 'Show it: this can be viewed 2 more times',
  },
  zh: { locale: 'zh-CN', qr: '二维码', qrAlt: '本页的二维码', show: '显示内容：还可查看 2 次' },
} as const;

async function makePaste(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await adminCall(request, token, 'post', '/paste', { format: 'markdown', ...body });
  return created.parse(await response.json()).data;
}

async function viewsOf(request: APIRequestContext, token: string, id: string): Promise<number> {
  return detail.parse(await (await adminCall(request, token, 'get', `/admin/pastes/${id}`)).json()).data.views;
}

async function inContext<T>(browser: Browser, options: BrowserContextOptions, run: (page: Page) => Promise<T>) {
  const context = await browser.newContext(options);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

type Watched = { errors: string[]; shifts: () => Promise<number[]> };

/** Console errors (React reports a hydration mismatch there) and layout shifts from the start. */
async function watch(page: Page): Promise<Watched> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    errors,
    shifts: () => page.evaluate(() => [...(window as unknown as { layoutShifts: number[] }).layoutShifts]),
  };
}

/** Opens `path` with the app's start held back; returns the function that lets it run. */
async function openHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path);
  await expect(page.locator('#shell-frame #share-island')).toHaveCount(1);
  return release;
}

/** Remembers every element of the server's share view, to find them again after the take-over. */
async function markServerNodes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const nodes = [...document.querySelectorAll('#share-island *')];
    Object.assign(window, { serverNodes: nodes });
    return nodes.length;
  });
}

/** How many of the remembered elements are still on the page, now inside the app's root. */
async function adoptedServerNodes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as unknown as { serverNodes: Element[] }).serverNodes.filter(
        (node) => node.isConnected && node.closest('#root') !== null,
      ).length,
  );
}

async function tookOver(page: Page): Promise<void> {
  await expect(page.locator('#shell-frame')).toHaveCount(0);
  await expect(page.locator('#root .site-header__tools button').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const language of ['en', 'zh'] as const) {
  test(`a QR button pressed before the app took over is acted on; the server's nodes are adopted (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    const text = words[language];
    const token = await adminToken(request);
    const { id, slug } = await makePaste(request, token, {
      content: '# Minutes\n\nWe meet on **Thursday**.',
      remark: 'Team notes',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    // Dates written by a server in UTC, read in Shanghai: the first render repeats the server's.
    await inContext(browser, { locale: text.locale, timezoneId: 'Asia/Shanghai' }, async (page) => {
      const seen = await watch(page);
      const release = await openHeld(page, `/paste/${slug}`);
      const count = await markServerNodes(page);
      expect(count).toBeGreaterThan(10);
      const qrButton = page.locator('#share-island').getByRole('button', { name: text.qr });
      await qrButton.click();
      // Nothing handles it yet: the app's code is held back.
      await expect(page.getByRole('img', { name: text.qrAlt })).toHaveCount(0);
      release();
      await tookOver(page);
      await expect(page.locator('#root').getByRole('img', { name: text.qrAlt })).toBeVisible();
      // Every element the server drew is still there, adopted: none was drawn again.
      expect(await adoptedServerNodes(page)).toBe(count);
      // (No layout-shift check here: the QR code opening moves what is below it, as it was asked to.)
      expect(seen.errors).toEqual([]);
      // One visit, one view: the page's HTML counted it, the app did not count another.
      expect(await viewsOf(request, token, id)).toBe(1);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`adopted-qr-${language}-${width}.png`), fullPage: true });
      }
    });
  });
}

test('"Show it" pressed before the app took over spends the one view and shows the paste', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const { id, slug } = await makePaste(request, token, { content: 'The door code is 4711.', maxViews: 2 });
  await inContext(browser, { locale: 'en-US' }, async (page) => {
    const seen = await watch(page);
    const release = await openHeld(page, `/paste/${slug}`);
    await page.locator('#share-island').getByRole('button', { name: words.en.show }).click();
    expect(await viewsOf(request, token, id)).toBe(0);
    release();
    await tookOver(page);
    await expect(page.locator('#root').getByText('The door code is 4711.')).toBeVisible();
    expect(await viewsOf(request, token, id)).toBe(1);
    expect(seen.errors).toEqual([]);
  });
});

test('a page rendered in the stored language is adopted in it, whatever the browser says', async ({
  browser,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const { slug } = await makePaste(request, token, { content: 'Bonjour', remark: 'Langue' });
  await inContext(browser, { locale: 'en-US' }, async (page) => {
    const seen = await watch(page);
    const url = testInfo.project.use.baseURL ?? '';
    await page.context().addCookies([{ name: 'language', value: 'zh', url }]);
    const release = await openHeld(page, `/paste/${slug}`);
    const count = await markServerNodes(page);
    release();
    await tookOver(page);
    await expect(page.locator('#root').getByRole('heading', { level: 1, name: `文本分享 ${slug}` })).toBeVisible();
    expect(await adoptedServerNodes(page)).toBe(count);
    expect(seen.errors).toEqual([]);
    expect(await seen.shifts()).toEqual([]);
  });
});

test("a public file's page is adopted as the server drew it", async ({ browser, request }) => {
  const token = await adminToken(request);
  const upload = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Agenda\n\n- one\n- two\n') },
    },
  });
  expect(upload.status()).toBe(201);
  const { slug } = envelope(z.object({ slug: z.string() })).parse(await upload.json()).data;
  await inContext(browser, { locale: 'zh-CN', timezoneId: 'America/New_York' }, async (page) => {
    const seen = await watch(page);
    const release = await openHeld(page, `/file/${slug}`);
    const count = await markServerNodes(page);
    release();
    await tookOver(page);
    await expect(page.locator('#root').getByRole('heading', { name: 'Agenda' })).toBeVisible();
    expect(await adoptedServerNodes(page)).toBe(count);
    expect(seen.errors).toEqual([]);
    expect(await seen.shifts()).toEqual([]);
  });
});
