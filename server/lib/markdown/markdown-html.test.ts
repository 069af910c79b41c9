import { describe, expect, it } from 'vitest';
import { MarkdownHtml, RENDER_MAX_CHARS } from './markdown-html';

describe('MarkdownHtml', () => {
  it('renders sanitised HTML and answers the same source from its cache', async () => {
    const markdown = new MarkdownHtml();
    const first = await markdown.render('# Hi <script>x()</script>');
    expect(first).toBe('<h1>Hi </h1>\n');
    expect(await markdown.render('# Hi <script>x()</script>')).toBe(first);
    expect(await markdown.render('# Other')).toBe('<h1>Other</h1>\n');
  });

  it('leaves a source over the limit to the browser', async () => {
    const markdown = new MarkdownHtml();
    expect(await markdown.render('a'.repeat(RENDER_MAX_CHARS))).toBe(`<p>${'a'.repeat(RENDER_MAX_CHARS)}</p>\n`);
    expect(await markdown.render('a'.repeat(RENDER_MAX_CHARS + 1))).toBeUndefined();
  });
});
