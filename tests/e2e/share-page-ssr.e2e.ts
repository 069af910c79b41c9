// The paste page as the server renders it: readable with JavaScript off, in the visitor's language,
// and with JavaScript on the app takes it over without moving anything: every part of the page
// stands where the HTML put it before any script ran, no layout shift is recorded, and nothing is
// logged as an error. At 1280 and 390 px.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { z } from 'zod';
import { adminCall, adminToken, envelope } from './support/admin-api';

const words = {
  en: { locale: 'en-US', title: 'Shared text', content: 'Paste content' },
  zh: { locale: 'zh-CN', title: '文本分享', content: '分享内容' },
} as const;

/** The parts of the paste page whose boxes must not move when the app takes over. */
const parts = [
  '.page__title',
  '.paste-remark',
  '.paste-meta',
  '.paste-actions',
  'article.paste-content',
  '.site-footer',
];
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
        // The module scripts have run by now, but the app starts only after the first frame.
        document.addEventListener('DOMContentLoaded', () => Object.assign(window, { firstBoxes: boxes() }));
        Object.assign(window, { layoutShifts: shifts, boxes });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
            if (!shift.hadRecentInput) shifts.push(shift.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }, parts);
      await page.goto(`/paste/${slug}`);
      // The app's own header (its theme button) stands where the server's frame was.
      await expect(page.locator('#shell-frame')).toHaveCount(0);
      await expect(page.locator('#root .site-header__tools button').first()).toBeVisible();
      const article = page.locator('#root').getByRole('article', { name: 'Paste content' });
      await expect(article.getByRole('heading', { name: 'Release notes' })).toBeVisible();
      // Two frames after the takeover, for the browser to report what moved.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
      );
      const measured = await page.evaluate(() => {
        const seen = window as unknown as { layoutShifts: number[]; firstBoxes: unknown; boxes: () => unknown };
        return { shifts: seen.layoutShifts, first: seen.firstBoxes, now: seen.boxes() };
      });
      const first = measured.first as Box[];
      expect(first.filter((box) => 'missing' in box)).toEqual([]);
      expect(measured.now).toEqual(first);
      expect(measured.shifts).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
