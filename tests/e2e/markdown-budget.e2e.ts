// Markdown the renderer cannot finish, in a real browser: the server's verdict on a paste shows as
// plain text under a translated note, and the page's own renders (the editor preview) run in the
// Markdown worker, whose budget stops them while the page keeps answering.
import { expect, test } from '@playwright/test';
import { adminCall, adminToken, envelope } from './support/admin-api';
import { z } from 'zod';
import { PasteHomePage } from './pages/paste-home.page';

const notes = {
  en: 'This Markdown is too complex to render, so it is shown as plain text.',
  zh: '此 Markdown 过于复杂，无法渲染，因此以纯文本显示。',
};

test.describe.configure({ timeout: 180_000 });

for (const [language, locale] of [
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale });

    test('a paste too complex to render is shown as its text under a note', async ({ page, request }) => {
      const token = await adminToken(request);
      const content = `<b>not bold</b> ${'_a'.repeat(125_000)}`;
      const created = await adminCall(request, token, 'post', '/paste', { content });
      const { slug } = envelope(z.object({ slug: z.string() })).parse(await created.json()).data;

      await page.goto(`/paste/${slug}`);
      const article = page.getByRole('article');
      await expect(page.getByRole('note')).toHaveText(notes[language], { timeout: 60_000 });
      await expect(article.locator('pre')).toContainText('<b>not bold</b> _a_a_a');
      await expect(article.locator('b, em, strong')).toHaveCount(0);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/markdown-budget-paste-${language}-${width}.png` });
      }
    });
  });
}

test.describe('the editor preview', () => {
  test.use({ locale: 'en-US' });

  test('stops a render over budget in its worker and shows the text, while the page keeps answering', async ({
    page,
  }) => {
    const home = new PasteHomePage(page);
    await page.goto('/');
    await expect(home.editor).toBeVisible({ timeout: 60_000 });
    // Emphasis nested 40,000 deep: 14 s of the renderer's time on an idle two-core machine, then a
    // stack overflow; either way far past the 2 s budget, however fast the machine.
    const source = `${'*'.repeat(40_000)}a${'*'.repeat(40_000)}`;
    await page.locator('label', { hasText: 'Split' }).click();
    await expect(page.getByLabel('Split')).toBeChecked();
    await home.write(source);
    const note = page.getByRole('note');
    // The page answers while the worker renders: a frame is painted before the note appears.
    const framed = await page.evaluate(
      () => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
    );
    expect(framed).toBe(true);
    await expect(note).toHaveText(notes.en, { timeout: 60_000 });
    await expect(page.locator('pre.markdown-unrendered')).toContainText('****a****');
    await expect(page.locator('.markdown-body em')).toHaveCount(0);
  });
});
