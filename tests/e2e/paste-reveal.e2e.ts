// The reveal step of a view-limited paste: opening its page (the app booted, its JavaScript run)
// spends no view; "Show it" spends the one view and shows the content; the next browser hears that
// the paste is used up. In English and Chinese, at 1280 and 390 px. The same step before a
// view-limited file's preview. And the paste page's QR code.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { adminCall, adminToken, envelope, shareFile } from './support/admin-api';

const words = {
  en: {
    locale: 'en-US',
    show: 'Show it: this can be viewed 1 more time',
    gone: 'Paste no longer available',
    content: 'Paste content',
    qr: 'QR code',
    qrAlt: 'QR code for this page',
  },
  zh: {
    locale: 'zh-CN',
    show: '显示内容：还可查看 1 次',
    gone: '分享已不可用',
    content: '分享内容',
    qr: '二维码',
    qrAlt: '本页的二维码',
  },
} as const;
type Language = keyof typeof words;

const created = envelope(z.object({ id: z.string(), slug: z.string() }));
const detail = envelope(z.object({ views: z.number() }));

async function makePaste(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await adminCall(request, token, 'post', '/paste', { format: 'markdown', ...body });
  return created.parse(await response.json()).data;
}

/** The paste's view count as the admin sees it, which spends no view. */
async function viewsOf(request: APIRequestContext, token: string, id: string): Promise<number> {
  return detail.parse(await (await adminCall(request, token, 'get', `/admin/pastes/${id}`)).json()).data.views;
}

async function inBrowser<T>(browser: Browser, language: Language, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ locale: words[language].locale });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ['en', 'zh'] as const) {
  test(`a one-view paste spends nothing until "Show it" is pressed (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    const text = words[language];
    const token = await adminToken(request);
    const { id, slug } = await makePaste(request, token, {
      content: '# Burn note\n\nThe door code is 4711.',
      maxViews: 1,
    });

    await inBrowser(browser, language, async (page) => {
      await page.goto(`/paste/${slug}`);
      const show = page.getByRole('button', { name: text.show });
      await expect(show).toBeVisible();
      await expect(page.getByText('4711')).toHaveCount(0);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoSideScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`reveal-${language}-${width}.png`), fullPage: true });
      }
      // The page, the app's boot and a reload later, not one view is spent.
      await page.reload();
      await expect(show).toBeVisible();
      expect(await viewsOf(request, token, id)).toBe(0);

      await show.click();
      const content = page.getByRole('article', { name: text.content });
      await expect(content.getByRole('heading', { name: 'Burn note' })).toBeVisible();
      await expect(content).toContainText('The door code is 4711.');
      await page.setViewportSize({ width: 390, height: 800 });
      await expectNoSideScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`revealed-${language}-390.png`), fullPage: true });
    });

    await inBrowser(browser, language, async (page) => {
      await page.goto(`/paste/${slug}`);
      await expect(page.getByRole('heading', { name: text.gone })).toBeVisible();
      await expect(page.getByText('4711')).toHaveCount(0);
    });
  });

  test(`the paste page offers its link as a QR code, from the keyboard (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    const text = words[language];
    const token = await adminToken(request);
    const { slug } = await makePaste(request, token, { content: 'Scan me' });
    await inBrowser(browser, language, async (page) => {
      await page.goto(`/paste/${slug}`);
      // The server's page shows the button at once; it works once the app has taken the page over.
      await expect(page.locator('#shell-frame')).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.qr, exact: true })).toBeVisible();
      const toggle = page.locator('button[aria-controls="paste-qr"]');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('img', { name: text.qrAlt })).toBeVisible();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSideScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`qr-${language}-${width}.png`), fullPage: true });
      }
    });
  });
}

test('a one-view text file shows its preview only after "Show it", and only then spends the view', async ({
  browser,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const slug = await shareFile(
    request,
    token,
    `once-${Date.now().toString(36)}.txt`,
    'the vault is open\n',
    'text/plain',
    {
      max_views: 1,
    },
  );
  const details = z.object({ id: z.string(), views: z.number() });
  const read = async () => envelope(details).parse(await (await request.get(`/api/public/files/${slug}`)).json()).data;
  const { id } = await read();
  try {
    await inBrowser(browser, 'en', async (page) => {
      await page.goto(`/file/${slug}`);
      const show = page.getByRole('button', { name: words.en.show });
      await expect(show).toBeVisible();
      await page.reload();
      await expect(show).toBeVisible();
      expect((await read()).views).toBe(0);
      await page.setViewportSize({ width: 390, height: 800 });
      await expectNoSideScroll(page);
      await page.screenshot({ path: testInfo.outputPath('file-reveal-en-390.png'), fullPage: true });
      await show.click();
      await expect(page.getByRole('region', { name: 'Preview' })).toContainText('the vault is open');
    });
    await inBrowser(browser, 'en', async (page) => {
      await page.goto(`/file/${slug}`);
      await expect(page.getByRole('heading', { name: 'File expired' })).toBeVisible();
    });
  } finally {
    await adminCall(request, token, 'delete', `/admin/files/${id}`);
  }
});
