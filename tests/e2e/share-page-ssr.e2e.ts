// The paste and file pages as the server renders them: readable with JavaScript off, in the
// visitor's language, and with JavaScript on the app takes them over without moving anything: every part of the page
// stands where the HTML put it before any script ran, no layout shift is recorded, and nothing is
// logged as an error. At 1280 and 390 px.
import { readFileSync } from 'node:fs';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type Route,
} from '@playwright/test';
import { z } from 'zod';
import { adminCall, adminToken, envelope } from './support/admin-api';

const words = {
  en: { locale: 'en-US', title: 'Shared text', content: 'Paste content' },
  zh: { locale: 'zh-CN', title: '文本分享', content: '分享内容' },
} as const;

/** The parts of each page whose boxes must not move when the app takes over. */
const pasteParts = [
  '.page__title',
  '.paste-remark',
  '.paste-meta',
  '.paste-actions',
  'article.paste-content',
  '.site-footer',
];
const fileParts = ['.page__title', '.file-info', '.file-actions', '.file-preview', 'img.file-media', '.site-footer'];
type Box = { part: string; x: number; y: number; width: number; height: number } | { part: string; missing: true };

const created = envelope(z.object({ id: z.string(), slug: z.string() }));
const content = [
  '# Release notes',
  '',
  'The **new** build ships today, with [the changelog](https://example.com/changes).',
  '',
  '- faster uploads',
  '- a QR code on every paste',
  '',
  '```ts',
  'const answer = 42;',
  '```',
].join('\n');

/** A public image shared through the one-request form upload; its slug. */
async function shareImage(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'harbour.png', mimeType: 'image/png', buffer: readFileSync('public/icon-512.png') },
    },
  });
  expect(response.status()).toBe(201);
  return envelope(z.object({ slug: z.string() })).parse(await response.json()).data.slug;
}

async function inContext<T>(browser: Browser, options: BrowserContextOptions, run: (page: Page) => Promise<T>) {
  const context = await browser.newContext(options);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const language of ['en', 'zh'] as const) {
  test(`a public paste is readable with JavaScript off (${language})`, async ({ browser, request }, testInfo) => {
    const token = await adminToken(request);
    const response = await adminCall(request, token, 'post', '/paste', { format: 'markdown', content });
    const { slug } = created.parse(await response.json()).data;
    await inContext(browser, { locale: words[language].locale, javaScriptEnabled: false }, async (page) => {
      await page.goto(`/paste/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: `${words[language].title} ${slug}` })).toBeVisible();
      const article = page.getByRole('article', { name: words[language].content });
      await expect(article.getByRole('heading', { name: 'Release notes' })).toBeVisible();
      await expect(article.getByRole('listitem')).toHaveText(['faster uploads', 'a QR code on every paste']);
      await expect(article.getByRole('link', { name: 'the changelog' })).toHaveAttribute(
        'href',
        'https://example.com/changes',
      );
      await expect(article.locator('pre code')).toContainText('const answer = 42;');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`no-js-${language}-${width}.png`), fullPage: true });
      }
    });
  });
}

/** Holds back the files whose URL matches `pattern` until the returned function is called. */
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

type Seen = { layoutShifts: number[]; boxes: () => Box[] };

/**
 * Opens `path` with the app's code held back until the server's page is fully on screen (its
 * images loaded), then lets the app take over and checks that every one of `parts` stands where it
 * was, that no layout shift was recorded from then on, and that no error was logged. Returns the
 * shifts recorded before the app ran (the page's own, such as an image arriving).
 */
async function expectTakenOverInPlace(page: Page, path: string, parts: string[]): Promise<number[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((selectors: string[]) => {
    const shifts: number[] = [];
    const boxes = () =>
      selectors.map((part) => {
        const found = document.querySelector(part)?.getBoundingClientRect();
        return found === undefined
          ? { part, missing: true }
          : { part, x: found.x, y: found.y, width: found.width, height: found.height };
      });
    Object.assign(window, { layoutShifts: shifts, boxes });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) shifts.push(shift.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, parts);
  const release = await hold(page, /\/assets\/start-[^/]+\.js$/);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      document.getElementById('shell-frame') !== null &&
      [...document.querySelectorAll('img')].every((image) => image.complete && image.naturalWidth > 0),
  );
  // Laid out and painted: two frames on.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  const before = await page.evaluate(() => {
    const seen = window as unknown as Seen;
    return { boxes: seen.boxes(), shifts: [...seen.layoutShifts] };
  });
  expect(before.boxes.filter((box) => 'missing' in box)).toEqual([]);
  release();
  // The app's own header (its theme button) stands where the server's frame was.
  await expect(page.locator('#shell-frame')).toHaveCount(0);
  await expect(page.locator('#root .site-header__tools button').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Two frames more, for the browser to report anything that moved.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  const after = await page.evaluate(() => {
    const seen = window as unknown as Seen;
    return { boxes: seen.boxes(), shifts: seen.layoutShifts };
  });
  expect(after.boxes).toEqual(before.boxes);
  expect(after.shifts).toEqual(before.shifts);
  expect(errors).toEqual([]);
  return before.shifts;
}

for (const width of [1280, 390]) {
  test(`the app takes the server's paste page over without moving anything (${width} px)`, async ({
    browser,
    request,
  }) => {
    const token = await adminToken(request);
    const response = await adminCall(request, token, 'post', '/paste', {
      format: 'markdown',
      content,
      remark: 'Notes for the team',
    });
    const { slug } = created.parse(await response.json()).data;
    await inContext(browser, { locale: 'en-US', viewport: { width, height: 900 } }, async (page) => {
      // Nothing on this page moves at all, before the app or after.
      expect(await expectTakenOverInPlace(page, `/paste/${slug}`, pasteParts)).toEqual([]);
      const article = page.locator('#root').getByRole('article', { name: 'Paste content' });
      await expect(article.getByRole('heading', { name: 'Release notes' })).toBeVisible();
    });
  });

  test(`the app takes the server's file page over without moving anything (${width} px)`, async ({
    browser,
    request,
  }) => {
    const slug = await shareImage(request, await adminToken(request));
    await inContext(browser, { locale: 'en-US', viewport: { width, height: 900 } }, async (page) => {
      await expectTakenOverInPlace(page, `/file/${slug}`, fileParts);
      await expect(page.locator('#root').getByRole('img', { name: 'harbour.png' })).toBeVisible();
    });
  });
}

for (const language of ['en', 'zh'] as const) {
  test(`a public file's page shows its details, download link and image with JavaScript off (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    const slug = await shareImage(request, await adminToken(request));
    const labels = language === 'en' ? { type: 'Type', download: 'Download' } : { type: '类型', download: '下载' };
    await inContext(browser, { locale: words[language].locale, javaScriptEnabled: false }, async (page) => {
      await page.goto(`/file/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'harbour.png' })).toBeVisible();
      await expect(page.locator('.file-info')).toContainText(labels.type);
      await expect(page.locator('.file-info')).toContainText('image/png');
      await expect(page.getByRole('link', { name: labels.download })).toHaveAttribute(
        'href',
        new RegExp(`^/api/file-download/${slug}\\?token=`),
      );
      const image = page.getByRole('img', { name: 'harbour.png' });
      await expect(image).toBeVisible();
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(512);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`no-js-file-${language}-${width}.png`), fullPage: true });
      }
    });
  });
}
