// Share pages rendered on the server: the HTML of /paste/{slug} and /file/{slug} already holds what
// the page shows (with the app's components and strings, in the visitor's language), with the
// answer it was rendered from for the app to take over. Protected and view-limited shares render
// none of their content, and fetching the HTML never spends a view of a view-limited share.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getPublicFile, viewFile } from '@shared/api/file.endpoints';
import { oembed } from '@shared/api/share-card.endpoints';
import { adminPasteEndpoints, createPaste as createPasteEndpoint, viewPaste } from '@shared/api/paste.endpoints';
import { formUpload } from '@shared/api/upload.endpoints';
import type { BodyOf } from '@shared/http/endpoint';
import { asAdmin, testApi } from './support/api';
import { login } from './support/auth-helpers';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';
import { zoneOffsetNow } from '@server/modules/share-page/share-page.service';

/** index.html as the build makes it, reduced to what the server fills in: head, frame, root. */
const pageHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Self-hosted clipboard and file sharing" />
    <title>Clipdock</title>
    <link rel="modulepreload" crossorigin href="/assets/start-app-abc123.js">
  </head>
  <body>
    <div id="shell-frame" class="shell" aria-hidden="true">
      <header class="site-header"><span class="brand">Clipdock</span></header>
    </div>
    <div id="root"></div>
  </body>
</html>`;

function tag(html: string, property: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
}

/** The JSON the app takes over from, if the page carries it. */
function shareData(html: string): unknown {
  const found = /<script type="application\/json" id="share-data">([^<]*)<\/script>/.exec(html);
  return found?.[1] === undefined ? undefined : JSON.parse(found[1]);
}

/** The frame's content: what the page shows before any script runs. */
const frameOf = (html: string) => /<div id="shell-frame"[\s\S]*?<div id="root">/.exec(html)?.[0] ?? '';
describe('server-rendered share pages', () => {
  let server: TestServer;
  let webDir: string;
  let token: string;
  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const anyone = () => testApi(server.baseUrl);
  const createPaste = async (body: BodyOf<typeof createPasteEndpoint>) =>
    (await admin().ok(createPasteEndpoint, { body: { format: 'markdown', ...body } })).slug;
  /** A file share made through the one-request form upload, as the admin. */
  const shareFile = async (
    filename: string,
    mimetype: string,
    bytes: Uint8Array<ArrayBuffer>,
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([bytes], { type: mimetype }), filename);
    return (await admin().ok(formUpload, { body: form })).slug;
  };
  /** The file's view count as the admin's file list shows it, which spends no view. */
  const fileViews = async (slug: string) => {
    const info = await anyone().send(getPublicFile, { params: { slug } });
    return (info.body as { data: { views: number } }).data.views;
  };
  const page = (path: string, headers: Record<string, string> = { 'accept-language': 'en-US,en;q=0.9' }) =>
    call(server.baseUrl, 'GET', path, { headers });

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-web-'));
    await writeFile(join(webDir, 'index.html'), pageHtml);
    await mkdir(join(webDir, 'route-pages'));
    await writeFile(join(webDir, 'route-pages', 'paste.html'), pageHtml.replace('<body>', '<body data-page="paste">'));
    await writeFile(
      join(webDir, 'route-pages', 'routes.json'),
      JSON.stringify([{ path: '^/paste/[^/]+/?$', file: 'route-pages/paste.html' }]),
    );
    server = await startTestServer({ staticDir: webDir });
    token = (await login(server.baseUrl)).token;
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('holds a public paste rendered as the app renders it, its tags, and the answer, counting the view', async () => {
    const slug = await createPaste({
      content: '# Release notes\n\nThe **new** build ships <script>alert(1)</script> today.\n\n- faster uploads',
      remark: 'Weekly notes',
    });
    const result = await page(`/paste/${slug}`);
    expect(result.status).toBe(200);
    expect(result.text).toContain('data-page="paste"');
    expect(result.headers.get('x-robots-tag')).toBe('noindex');
    expect(tag(result.text, 'og:title')).toBe('Weekly notes');
    const frame = frameOf(result.text);
    expect(frame).not.toContain('aria-hidden');
    expect(frame).toContain('<main id="main" class="shell__main"');
    expect(frame).toContain('Shared text');
    expect(frame).toContain('<p class="paste-remark">Weekly notes</p>');
    // Markdown rendered and sanitised by the server's renderer, inside the app's markup.
    expect(frame).toMatch(/<div class="markdown-body"><h1[^>]*>Release notes<\/h1>/);
    expect(frame).toContain('<strong>new</strong>');
    expect(frame).toContain('<li>faster uploads</li>');
    expect(frame).not.toContain('<script>alert');
    expect(frame).toContain(`href="/api/raw/${slug}"`); // raw: the page's own markup
    expect(frame).toContain('<footer class="site-footer">');
    const data = shareData(result.text);
    expect(data).toMatchObject({ kind: 'paste', slug, answer: { slug, views: 1, remark: 'Weekly notes' } });
    // Nothing in the data can end its script element early.
    expect(result.text).not.toMatch(/id="share-data">[^<]*<\/script>[\s\S]*<\/script>alert/);
    // The HTML was the page's read: the next one is the second.
    const next = await anyone().send(viewPaste, { params: { slug } });
    expect((next.body as { data: { views: number } }).data.views).toBe(2);
  });

  it('reads no share for a HEAD of its page', async () => {
    const slug = await createPaste({ content: 'counted once' });
    for (let i = 0; i < 5; i += 1) expect((await call(server.baseUrl, 'HEAD', `/paste/${slug}`)).status).toBe(200);
    const read = await anyone().send(viewPaste, { params: { slug } });
    expect((read.body as { data: { views: number } }).data.views).toBe(1);
  });

  it('renders plain text as written', async () => {
    const slug = await createPaste({ content: 'line <one>\n  line two', format: 'plain' });
    const frame = frameOf((await page(`/paste/${slug}`)).text);
    expect(frame).toContain('<pre class="paste-plain">line &lt;one&gt;\n  line two</pre>');
  });

  it('renders neither content nor remark of a protected or view-limited paste', async () => {
    const secret = 'Quarterly numbers, do not share';
    const protectedSlug = await createPaste({ content: secret, remark: 'secret remark', password: 'pw-123456' });
    const limitedSlug = await createPaste({ content: secret, remark: 'limited remark', maxViews: 3 });
    for (const slug of [protectedSlug, limitedSlug]) {
      const html = (await page(`/paste/${slug}`)).text;
      for (const hidden of [secret, 'secret remark', 'limited remark']) expect(html, slug).not.toContain(hidden);
      expect(tag(html, 'og:title'), slug).toBe('A protected share');
    }
    // The password step is the app's own: nothing of a protected paste is rendered on the server.
    const locked = (await page(`/paste/${protectedSlug}`)).text;
    expect(locked).not.toContain('type="password"');
    expect(locked).not.toContain('id="share-data"');
    const limited = (await page(`/paste/${limitedSlug}`)).text;
    expect(frameOf(limited)).toContain('This paste can be viewed a limited number of times');
    expect(frameOf(limited)).toContain('Show it');
    expect(shareData(limited)).toEqual({
      kind: 'paste',
      slug: limitedSlug,
      answer: { slug: limitedSlug, requiresReveal: true, viewsLeft: 3 },
      // How the HTML was written, which the app's adoption of its nodes repeats.
      rendering: { language: 'en', zoneOffset: zoneOffsetNow() },
    });
    // The app's code downloads beside the HTML: its preloads stay in the head, below what the first
    // paint needs (bench/RESULTS.md).
    expect(
      /<head>[\s\S]*<link rel="modulepreload" crossorigin href="\/assets\/start-app-abc123.js" fetchpriority="low">[\s\S]*<\/head>/.test(
        limited,
      ),
    ).toBe(true);
    expect(limited).not.toContain('<template');
    // The share's view is an element of its own, which the app hydrates in place.
    expect(frameOf(limited)).toMatch(/<main id="main"[^>]*><div id="share-island" class="share-island"><section/);
  });

  it('spends no view: a hundred page fetches leave a one-view paste at zero views', async () => {
    const slug = await createPaste({ content: 'read me once', maxViews: 1 });
    for (let i = 0; i < 100; i += 1) {
      const html = (await page(`/paste/${slug}`)).text;
      expect(html).not.toContain('read me once');
    }
    const asked = await anyone().send(viewPaste, { params: { slug }, query: { reveal: 'ask' } });
    expect(asked.body).toMatchObject({ data: { requiresReveal: true, viewsLeft: 1 } });
    const read = await anyone().send(viewPaste, { params: { slug } });
    expect(read.status).toBe(200);
    expect((read.body as { data: { content: string; views: number } }).data).toMatchObject({
      content: 'read me once',
      views: 1,
    });
  });

  it('speaks the stored choice, else Accept-Language', async () => {
    const slug = await createPaste({ content: 'hello' });
    const chinese = (await page(`/paste/${slug}`, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).text;
    expect(chinese).toContain('<html lang="zh-CN"');
    expect(frameOf(chinese)).toContain('文本分享');
    expect(frameOf(chinese)).not.toContain('Shared text');
    const chosen = (await page(`/paste/${slug}`, { 'accept-language': 'zh-CN,zh;q=0.9', cookie: 'language=en' })).text;
    expect(chosen).toContain('<html lang="en"');
    expect(frameOf(chosen)).toContain('Shared text');
    const english = (await page(`/paste/${slug}`, { 'accept-language': 'fr-FR,en;q=0.5', cookie: 'language=zh' })).text;
    expect(frameOf(english)).toContain('文本分享');
  });

  it('holds a public file’s name, size, type, download link and image preview', async () => {
    const png = new Uint8Array(2048).fill(7);
    const slug = await shareFile('holiday <photo>.png', 'image/png', png, { remark: 'From the trip' });
    const result = await page(`/file/${slug}`);
    expect(result.status).toBe(200);
    expect(result.headers.get('x-robots-tag')).toBe('noindex');
    expect(tag(result.text, 'og:title')).toBe('holiday &#60;photo&#62;.png');
    const frame = frameOf(result.text);
    expect(frame).toContain('<h1 id="page-title" class="page__title">holiday &lt;photo&gt;.png</h1>');
    expect(frame).toMatch(/<dt>Size<\/dt><dd>2(\.0)? KB<\/dd>/);
    expect(frame).toContain('<dt>Type</dt><dd>image/png</dd>');
    expect(frame).toContain('<dd>From the trip</dd>');
    expect(frame).toContain('>Add to basket</button>');
    expect(frame).toMatch(
      // raw: the page's own markup
      new RegExp(`<a class="button button--primary" href="/api/file-download/${slug}\\?token=[^"]+" download=`),
    );
    expect(frame).toMatch(
      // raw: the page's own markup
      new RegExp(`<img class="file-media" src="/api/file-view/${slug}\\?token=[^"]+" alt="holiday &lt;photo&gt;.png"`),
    );
    expect(shareData(result.text)).toMatchObject({
      kind: 'file',
      slug,
      answer: { slug, filename: 'holiday <photo>.png' },
    });
    // The details count no view; the image the browser then fetches is the visit's one.
    expect(await fileViews(slug)).toBe(0);
    const chinese = frameOf((await page(`/file/${slug}`, { 'accept-language': 'zh-CN' })).text);
    expect(chinese).toContain('<dt>类型</dt><dd>image/png</dd>');
    expect(chinese).toContain('>加入文件篮</button>');
  });

  it('holds a public text file’s preview as the server renders it, for the visit’s one view', async () => {
    const slug = await shareFile('notes.md', 'text/markdown', new TextEncoder().encode('# Agenda\n\n- *one* thing\n'));
    const html = (await page(`/file/${slug}`)).text;
    const frame = frameOf(html);
    expect(frame).toMatch(/<section class="file-preview"[^>]*>.*<h1[^>]*>Agenda<\/h1>/s);
    expect(frame).toContain('<em>one</em>');
    expect(shareData(html)).toMatchObject({ kind: 'file', slug, preview: { markdown: true, truncated: false } });
    expect(await fileViews(slug)).toBe(1);
  });

  it('renders nothing of a protected or view-limited file, and spends none of its views', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const protectedSlug = await shareFile('salaries-2026.png', 'image/png', bytes, { password: 'pw-123456' });
    const limitedSlug = await shareFile('one-look.png', 'image/png', bytes, { max_views: '1' });
    for (let i = 0; i < 100; i += 1) {
      for (const slug of [protectedSlug, limitedSlug]) {
        const html = (await page(`/file/${slug}`)).text;
        for (const hidden of ['salaries', 'one-look', 'file-view', 'token=']) expect(html, slug).not.toContain(hidden);
        expect(shareData(html)).toBeUndefined();
      }
    }
    expect(await fileViews(limitedSlug)).toBe(0);
    const delivered = await anyone().send(viewFile, { params: { slug: limitedSlug } });
    expect(delivered.status).toBe(200);
  });

  it('draws each request its own view count, and an edited paste anew, from the kept rendering', async () => {
    const { slug, id } = await admin().ok(createPasteEndpoint, {
      body: { format: 'markdown', content: '# First draft' },
    });
    const viewsShown = (html: string) => /data-testid="paste-views">(\d+)</.exec(html)?.[1];
    const firstAnswer = await page(`/paste/${slug}`);
    // No two answers are alike (the count): no validator that could never match.
    expect(firstAnswer.headers.get('etag')).toBeNull();
    const first = firstAnswer.text;
    const second = (await page(`/paste/${slug}`)).text;
    expect([viewsShown(first), viewsShown(second)]).toEqual(['1', '2']);
    expect(frameOf(second)).toContain('First draft');
    // The page's JSON is kept with the view and gets the same count.
    expect(shareData(second)).toMatchObject({ answer: { views: 2, content: '# First draft' } });
    expect(tag(second, 'og:title')).toBe('First draft');
    const chinese = (await page(`/paste/${slug}`, { 'accept-language': 'zh-CN' })).text;
    expect(frameOf(chinese)).toContain('文本分享');
    expect(viewsShown(chinese)).toBe('3');
    await admin().ok(adminPasteEndpoints.update, { params: { id }, body: { content: '# Second draft' } });
    const after = (await page(`/paste/${slug}`)).text;
    expect(frameOf(after)).toContain('Second draft');
    expect(frameOf(after)).not.toContain('First draft');
    expect(viewsShown(after)).toBe('4');
    expect(shareData(after)).toMatchObject({ answer: { views: 4, content: '# Second draft' } });
    // The tags kept for the paste's version are made anew for the edited one.
    expect(tag(after, 'og:title')).toBe('Second draft');
  });

  it('tags the page from its own read, saying what a read of the card alone says', async () => {
    // The page's counted read gives its tags their card (no second query); oEmbed reads the card
    // itself, without spending a view: both must say the same, for every kind of paste.
    const oembedTitle = async (slug: string) => {
      const answer = await testApi(server.baseUrl).send(oembed, {
        query: { url: `${server.baseUrl}/paste/${slug}`, format: 'json' },
        headers: { 'accept-language': 'en' },
      });
      expect(answer.status, answer.text).toBe(200);
      return z.object({ title: z.string() }).parse(answer.body).title;
    };
    const long = `${'😀'.repeat(700)}\nsecond line`;
    const cases: [BodyOf<typeof createPasteEndpoint>, string, string][] = [
      [{ content: '# Heading here\n\nSome *body* text.' }, 'Heading here', 'Heading here Some body text.'],
      [{ content: 'plain words\nand more', format: 'plain', remark: ' Noted ' }, 'Noted', 'plain words and more'],
      [{ content: long, format: 'plain' }, `${'😀'.repeat(89)}…`, `${'😀'.repeat(199)}…`],
      [{ content: 'secret text', maxViews: 2 }, 'A protected share', 'This share is protected'],
      [{ content: 'secret text', password: 'pass-word-123' }, 'A protected share', 'This share is protected'],
    ];
    for (const [body, title, description] of cases) {
      const slug = await createPaste(body);
      const html = (await page(`/paste/${slug}`)).text;
      expect(tag(html, 'og:title'), JSON.stringify(body)).toBe(title);
      expect(tag(html, 'og:description')?.startsWith(description), tag(html, 'og:description')).toBe(true);
      expect(await oembedTitle(slug)).toBe(title);
      if (body.maxViews !== undefined || body.password !== undefined) expect(html).not.toContain('secret text');
    }
    const missing = (await page('/paste/no-such-paste-here')).text;
    expect(tag(missing, 'og:title')).toBe('Share not available');
  });

  it('leaves a missing paste and other pages as built', async () => {
    const missing = (await page('/paste/no-such-paste')).text;
    expect(frameOf(missing)).toContain('aria-hidden="true"');
    expect(shareData(missing)).toBeUndefined();
    const home = (await page('/')).text;
    expect(home).toBe(pageHtml);
  });
});
