// The browser's Markdown path as the page runs it: the real worker module (in a Node thread, since
// jsdom has no Web Worker), its budget, and DOMPurify on this side.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_BUDGET_MS, unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { hostileMarkdownCases, markdownSafetyCases, parsedHtml } from '@tests/unit/markdown-safety-cases';
import { NodeWebWorker } from '@tests/unit/support/node-web-worker';
import { createMarkdownClient } from '@workers/markdown-client';
import { highlightFileText, renderMarkdown, type SafeHtml } from './markdown-render';

beforeAll(() => {
  vi.stubGlobal('Worker', NodeWebWorker);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

/** The reason and the start and length of the HTML, small enough to read in a failure. */
const summary = (result: SafeHtml) =>
  'failed' in result
    ? result
    : { unrendered: result.unrendered, start: result.html.slice(0, 48), length: result.html.length };

// A worker's start loads the renderer through tsx, which can take seconds on a busy machine; the
// budget starts only once a job has started, so the tests' timeouts are generous and the budget real.
describe('renderMarkdown through the worker (DOMPurify), held to the rules the server keeps too', {
  timeout: 120_000,
}, () => {
  const client = createMarkdownClient();

  it.each(markdownSafetyCases)('$name', async ({ source, check }) => {
    const result = await renderMarkdown(source, { highlight: true, client });
    if ('failed' in result) throw new Error('the worker did not load');
    expect(result.unrendered).toBeUndefined();
    check(parsedHtml(result.html), result.html);
  });

  it('escapes code without highlight.js and gives it the classes of the highlighted version', async () => {
    const result = await renderMarkdown('```html\n<b onclick="x()">hi</b>\n```', { highlight: false, client });
    if ('failed' in result) throw new Error('the worker did not load');
    const code = parsedHtml(result.html).querySelector('code.hljs.language-html');
    expect(code?.textContent).toBe('<b onclick="x()">hi</b>\n');
    expect(code?.querySelector('b, span')).toBeNull();
  });

  it('highlights a file by its extension and escapes text it has no language for', async () => {
    const code = await highlightFileText('const a = 1;', 'a.ts', { client });
    expect('html' in code && code.html).toContain('<span class="hljs-keyword">const</span>');
    expect(await highlightFileText('<b>x</b>', 'notes.txt', { client })).toEqual({ html: '&lt;b&gt;x&lt;/b&gt;' });
  });
});

describe('renderMarkdown on sources too complex to render', { timeout: 240_000 }, () => {
  const client = createMarkdownClient();

  it.each(hostileMarkdownCases)('shows $name escaped once the budget is spent', async ({ source }) => {
    const result = await renderMarkdown(source, { highlight: false, client });
    expect(summary(result)).toEqual(summary({ html: unrenderedMarkdownHtml(source), unrendered: 'too-complex' }));
  });

  it('stops the worker at the budget and renders the next source with a new one', async () => {
    const short = createMarkdownClient({ budgetMs: 200 });
    const source = '_a'.repeat(60_000);
    expect(summary(await renderMarkdown(source, { highlight: false, client: short }))).toEqual(
      summary({ html: unrenderedMarkdownHtml(source), unrendered: 'too-complex' }),
    );
    expect(await renderMarkdown('*fine*', { highlight: false, client: short })).toEqual({
      html: '<p><em>fine</em></p>\n',
    });
    expect(RENDER_BUDGET_MS).toBeGreaterThan(200);
  });
});
