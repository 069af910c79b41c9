import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

function fragment(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('renderMarkdown', () => {
  it('renders GFM: headings, tables, task lists and highlighted code', () => {
    const html = fragment(
      renderMarkdown('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n```json\n{"k": 1}\n```'),
    );
    expect(html.querySelector('h1')?.textContent).toBe('Title');
    expect(html.querySelectorAll('td')[1]?.textContent).toBe('2');
    expect(html.querySelector('input[type="checkbox"]')).toHaveProperty('checked', true);
    expect(html.querySelector('code.hljs.language-json span')).not.toBeNull();
  });

  it('strips inline event handlers and scripts', () => {
    const html = renderMarkdown('<img src=x onerror="window.__xss=1">\n\n<script>window.__xss=2</script>');
    expect(html).not.toMatch(/onerror|<script/i);
    expect(fragment(html).querySelector('img')?.getAttribute('src')).toBe('x');
  });

  it('drops javascript: links and opens the rest safely', () => {
    const host = fragment(renderMarkdown('[bad](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">raw</a> [ok](https://example.com)'));
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null, 'https://example.com']);
    expect(links[2]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('removes <style>, <form>, <input> and style attributes, keeping task-list checkboxes disabled', () => {
    const html = renderMarkdown(
      '<style>body{display:none}</style>\n\n<form action="https://evil.example"><input name="password" type="password"><input type="text"></form>\n\n<p style="position:fixed">text</p>\n\n- [ ] todo',
    );
    expect(html).not.toMatch(/<style|<form|style=|type="password"|type="text"/i);
    const host = fragment(html);
    expect(host.querySelector('p')?.textContent).toBe('text');
    const boxes = [...host.querySelectorAll('input')];
    expect(boxes.map((box) => [box.getAttribute('type'), box.hasAttribute('disabled')])).toEqual([['checkbox', true]]);
  });
});

describe('createMarkdownRenderer without a highlighter', () => {
  it('escapes code and gives it the same classes as the highlighted version', async () => {
    const { createMarkdownRenderer } = await import('./markdown-render');
    const host = fragment(createMarkdownRenderer()('```html\n<b onclick="x()">hi</b>\n```'));
    const code = host.querySelector('code.hljs.language-html');
    expect(code?.textContent).toBe('<b onclick="x()">hi</b>\n');
    expect(code?.querySelector('b, span')).toBeNull();
  });
});
