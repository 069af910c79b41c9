// The rules every Markdown renderer must keep, whichever side runs it: the browser (DOMPurify,
// src/ui/lib/markdown.test.ts) and the server (sanitize-html, server/lib/markdown/safe-markdown.test.ts).
// Each case renders a source and checks the parsed result; `html` is the raw string.
import { expect } from 'vitest';

export type MarkdownCase = { name: string; source: string; check: (host: HTMLElement, html: string) => void };

/** The rendered HTML parsed into a detached element. */
export function parsedHtml(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

export const markdownSafetyCases: MarkdownCase[] = [
  {
    name: 'renders GFM: headings, tables, task lists and highlighted code',
    source: '# Title\n\n| a | b |\n|---|---:|\n| 1 | 2 |\n\n- [x] done\n\n```json\n{"k": 1}\n```',
    check: (host) => {
      expect(host.querySelector('h1')?.textContent).toBe('Title');
      expect(host.querySelectorAll('td')[1]?.textContent).toBe('2');
      expect(host.querySelectorAll('td')[1]?.getAttribute('align')).toBe('right');
      expect(host.querySelector('input[type="checkbox"]')).toHaveProperty('checked', true);
      expect(host.querySelector('code.hljs.language-json span.hljs-attr')?.textContent).toBe('"k"');
    },
  },
  {
    name: 'strips inline event handlers and scripts',
    source:
      '<img src=x onerror="window.__xss=1">\n\n<script>window.__xss=2</script>\n\n<a href="https://example.com" onclick="x()">a</a>',
    check: (host, html) => {
      expect(html).not.toMatch(/onerror|onclick|<script|__xss=2/i);
      expect(host.querySelector('img')?.getAttribute('src')).toBe('x');
    },
  },
  {
    name: 'drops javascript: and data: links and opens the rest safely',
    source:
      '[bad](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">raw</a> <a href="data:text/html,<b>x</b>">data</a> [ok](https://example.com)',
    check: (host) => {
      const links = [...host.querySelectorAll('a')];
      expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null, null, 'https://example.com']);
      expect(links[3]?.getAttribute('rel')).toBe('noopener noreferrer');
      expect(links[3]?.getAttribute('target')).toBe('_blank');
    },
  },
  {
    name: 'removes <style>, <form>, <input> and style attributes, keeping task-list checkboxes disabled',
    source:
      '<style>body{display:none}</style>\n\n<form action="https://evil.example"><input name="password" type="password"><input type="text"></form>\n\n<p style="position:fixed">text</p>\n\n- [ ] todo',
    check: (host, html) => {
      expect(html).not.toMatch(/<style|<form|style=|type="password"|type="text"|display:none/i);
      expect(host.querySelector('p')?.textContent).toBe('text');
      const boxes = [...host.querySelectorAll('input')];
      expect(boxes.map((box) => [box.getAttribute('type'), box.hasAttribute('disabled')])).toEqual([
        ['checkbox', true],
      ]);
    },
  },
  {
    name: 'removes frames, embedded objects, SVG, base and meta elements',
    source:
      '<iframe src="https://evil.example"></iframe>\n\n<object data="x.swf"></object><embed src="x.swf">\n\n<svg><script>alert(1)</script><a href="javascript:alert(2)">s</a></svg>\n\n<base href="https://evil.example/">\n\n<meta http-equiv="refresh" content="0;url=https://evil.example">',
    check: (host, html) => {
      expect(host.querySelector('iframe, object, embed, svg, script, base, meta')).toBeNull();
      expect(html).not.toMatch(/javascript:|evil\.example|alert\(1\)/i);
    },
  },
  {
    name: 'escapes code, keeping the HTML inside a code block as text',
    source: '```html\n<b onclick="x()">hi</b>\n```',
    check: (host) => {
      const code = host.querySelector('code.hljs.language-html');
      expect(code?.textContent).toBe('<b onclick="x()">hi</b>\n');
      expect(code?.querySelector('b')).toBeNull();
    },
  },
];

/** A source that takes the renderer far past its budget, or breaks it; named as a reader would write it. */
export type HostileMarkdownCase = { name: string; source: string };

/**
 * Sources the renderer (marked) cannot finish within RENDER_BUDGET_MS on any machine, or at all:
 * each side must answer them as escaped text marked `too-complex`, with nothing held meanwhile.
 * Time grows faster than length for each, so each stays far over the budget on a fast, idle machine
 * too; the figures are the renderer's own on an idle two-core machine. Long inputs whose cost only
 * grows with their length (a flat list of 250,000 items renders in 1.4 s) are fair pastes, not here;
 * nor are lists nested as deep as the server's 256 KB render limit allows (about 2 s).
 */
export const hostileMarkdownCases: HostileMarkdownCase[] = [
  // 37 s.
  { name: '`_a` repeated 125,000 times (250 KB)', source: '_a'.repeat(125_000) },
  // 11 s.
  { name: '`*a` repeated 125,000 times', source: '*a'.repeat(125_000) },
  // A stack overflow in the renderer, after 2 s.
  { name: '250,000 `>` (block quotes nested 250,000 deep)', source: '>'.repeat(250_000) },
  // 14 s, then a stack overflow, for 80 KB.
  { name: 'emphasis nested 40,000 deep', source: `${'*'.repeat(40_000)}a${'*'.repeat(40_000)}` },
];
