import { describe, expect, it } from 'vitest';
import { markdownSafetyCases, parsedHtml } from '@tests/unit/markdown-safety-cases';
import { renderMarkdown } from './markdown';

describe('renderMarkdown (DOMPurify), held to the rules the server keeps too', () => {
  it.each(markdownSafetyCases)('$name', ({ source, check }) => {
    const html = renderMarkdown(source);
    check(parsedHtml(html), html);
  });
});

describe('createMarkdownRenderer without a highlighter', () => {
  it('escapes code and gives it the same classes as the highlighted version', async () => {
    const { createMarkdownRenderer } = await import('./markdown-render');
    const host = parsedHtml(createMarkdownRenderer()('```html\n<b onclick="x()">hi</b>\n```'));
    const code = host.querySelector('code.hljs.language-html');
    expect(code?.textContent).toBe('<b onclick="x()">hi</b>\n');
    expect(code?.querySelector('b, span')).toBeNull();
  });
});
