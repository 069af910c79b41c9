import { describe, expect, it } from 'vitest';
import { HtmlRenderer, RENDER_MAX_CHARS } from './html-renderer';

describe('HtmlRenderer', () => {
  it('renders sanitised HTML and answers the same source from its cache', async () => {
    const renderer = new HtmlRenderer();
    const first = await renderer.markdown('# Hi <script>x()</script>');
    expect(first).toBe('<h1>Hi </h1>\n');
    expect(await renderer.markdown('# Hi <script>x()</script>')).toBe(first);
    expect(await renderer.markdown('# Other')).toBe('<h1>Other</h1>\n');
  });

  it('leaves a source over the limit to the browser', async () => {
    const renderer = new HtmlRenderer();
    expect(await renderer.markdown('a'.repeat(RENDER_MAX_CHARS))).toBe(`<p>${'a'.repeat(RENDER_MAX_CHARS)}</p>\n`);
    expect(await renderer.markdown('a'.repeat(RENDER_MAX_CHARS + 1))).toBeUndefined();
  });

  it('highlights a file by its extension and escapes text it has no language for', async () => {
    const renderer = new HtmlRenderer();
    expect(await renderer.fileText('const a = 1;', 'a.ts')).toContain('<span class="hljs-keyword">const</span>');
    expect(await renderer.fileText('<b>x</b>', 'notes.txt')).toBe('&lt;b&gt;x&lt;/b&gt;');
    expect(await renderer.fileText('a'.repeat(RENDER_MAX_CHARS + 1), 'a.txt')).toBeUndefined();
  });
});
