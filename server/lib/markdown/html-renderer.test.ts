import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RENDER_BUDGET_MS, unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { hostileMarkdownCases } from '@tests/unit/markdown-safety-cases';
import { HtmlRenderer, type RenderedHtml, RENDER_MAX_CHARS } from './html-renderer';

/** A render's reason and the start and length of its HTML, small enough to read in a failure. */
const summary = (rendered: RenderedHtml | undefined) =>
  rendered && { unrendered: rendered.unrendered, start: rendered.html.slice(0, 48), length: rendered.html.length };

const tooComplex = (source: string): RenderedHtml => ({
  html: unrenderedMarkdownHtml(source),
  unrendered: 'too-complex',
});

// A worker's first start loads the renderer through tsx, which can take seconds on a busy machine:
// the waits allowed here are generous, and the budget is what each test is about.
const slowStart = { maxWaitMs: 120_000 };

describe('HtmlRenderer', { timeout: 240_000 }, () => {
  const renderers: HtmlRenderer[] = [];
  const make = (options?: ConstructorParameters<typeof HtmlRenderer>[0]) => {
    const renderer = new HtmlRenderer({ ...slowStart, ...options });
    renderers.push(renderer);
    return renderer;
  };
  afterEach(async () => {
    await Promise.all(renderers.splice(0).map((renderer) => renderer.close()));
  });

  it('renders sanitised HTML on a worker and answers the same source from its cache', async () => {
    const renderer = make();
    const first = await renderer.markdown('# Hi <script>x()</script>');
    expect(first).toEqual({ html: '<h1>Hi </h1>\n' });
    expect(await renderer.markdown('# Hi <script>x()</script>')).toEqual(first);
    expect(await renderer.markdown('# Other')).toEqual({ html: '<h1>Other</h1>\n' });
  });

  it('leaves a source over the limit to the browser', async () => {
    const renderer = make();
    expect(summary(await renderer.markdown('a'.repeat(RENDER_MAX_CHARS)))).toEqual({
      unrendered: undefined,
      start: `<p>${'a'.repeat(45)}`,
      length: RENDER_MAX_CHARS + 8,
    });
    expect(await renderer.markdown('a'.repeat(RENDER_MAX_CHARS + 1))).toBeUndefined();
  });

  it('highlights a file by its extension and escapes text it has no language for', async () => {
    const renderer = make();
    expect((await renderer.fileText('const a = 1;', 'a.ts'))?.html).toContain(
      '<span class="hljs-keyword">const</span>',
    );
    expect(await renderer.fileText('<b>x</b>', 'notes.txt')).toEqual({ html: '&lt;b&gt;x&lt;/b&gt;' });
    expect(await renderer.fileText('a'.repeat(RENDER_MAX_CHARS + 1), 'a.txt')).toBeUndefined();
  });

  it('answers a render over budget escaped, keeps that verdict for the same source, and replaces the worker', async () => {
    // The source needs seconds of the renderer's time; the budget leaves a starved worker room for '*fine*'.
    const renderer = make({ budgetMs: 1_500 });
    const source = `<b>${'_a'.repeat(60_000)}`;
    const started = performance.now();
    expect(summary(await renderer.markdown(source))).toEqual(summary(tooComplex(source)));
    const again = performance.now();
    expect((await renderer.markdown(source))?.unrendered).toBe('too-complex');
    // The verdict comes from the cache: far less than the budget the first answer waited for.
    expect(performance.now() - again).toBeLessThan(again - started);
    expect(await renderer.markdown('*fine*')).toEqual({ html: '<p><em>fine</em></p>\n' });
  });

  it('answers a source that breaks the renderer (a stack overflow) escaped, never throwing', async () => {
    const renderer = make({ budgetMs: 120_000 });
    const source = '>'.repeat(250_000);
    expect(summary(await renderer.markdown(source))).toEqual(summary(tooComplex(source)));
    expect(await renderer.markdown('> fine')).toEqual({ html: '<blockquote>\n<p>fine</p>\n</blockquote>\n' });
  });

  it('answers busy at once when the worker is taken and the queue is full, without caching it', async () => {
    const renderer = make({ threads: 1, maxQueue: 1, budgetMs: 120_000 });
    // A starting worker takes jobs of its own beyond the queue: the pool is warmed first.
    expect(await renderer.markdown('*warm*')).toEqual({ html: '<p><em>warm</em></p>\n' });
    const running = renderer.markdown(`${'_a'.repeat(60_000)}1`);
    const queued = renderer.markdown(`${'_a'.repeat(60_000)}2`);
    expect(await renderer.markdown('*busy*')).toEqual({
      html: '<pre class="markdown-unrendered">*busy*</pre>',
      unrendered: 'busy',
    });
    await renderer.close();
    // Jobs cut short by closing are busy, not too complex: nothing is kept against them.
    expect((await running)?.unrendered).toBe('busy');
    expect((await queued)?.unrendered).toBe('busy');
  });

  it('answers busy when a job waits longer than allowed for the worker', async () => {
    const renderer = make({ threads: 1, maxWaitMs: 500, budgetMs: 120_000 });
    // Busy answers are not kept: asking again once the worker has started renders.
    await expect
      .poll(() => renderer.markdown('*warm*'), { timeout: 120_000, interval: 250 })
      .toEqual({ html: '<p><em>warm</em></p>\n' });
    const running = renderer.markdown('_a'.repeat(60_000));
    expect(await renderer.markdown('*waits*')).toEqual({
      html: '<pre class="markdown-unrendered">*waits*</pre>',
      unrendered: 'busy',
    });
    await renderer.close();
    expect((await running)?.unrendered).toBe('busy');
  });
});

describe('HtmlRenderer on sources too complex to render', { timeout: 240_000 }, () => {
  const renderer = new HtmlRenderer(slowStart);
  afterAll(() => renderer.close());

  it.each(hostileMarkdownCases)('answers $name escaped within the budget', async ({ source }) => {
    const started = performance.now();
    expect(summary(await renderer.markdown(source))).toEqual(summary(tooComplex(source)));
    // Far under the renderer's own time: the budget, and at most the wait for a worker's start.
    expect(performance.now() - started).toBeLessThan(slowStart.maxWaitMs + RENDER_BUDGET_MS);
  });
});
