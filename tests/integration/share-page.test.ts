// Share pages rendered on the server: the HTML of /paste/{slug} and /file/{slug} already holds what
// the page shows (with the app's components and strings, in the visitor's language), with the
// answer it was rendered from for the app to take over. Protected and view-limited shares render
// none of their content, and fetching the HTML never spends a view of a view-limited share.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth-helpers';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

/** index.html as the build makes it, reduced to what the server fills in: head, frame, root. */
const pageHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Self-hosted clipboard and file sharing" />
    <title>Clipdock</title>
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
  const createPaste = async (body: Record<string, unknown>) => {
    const created = await call(server.baseUrl, 'POST', '/api/paste', {
      headers: { authorization: `Bearer ${token}` },
      json: { format: 'markdown', ...body },
    });
    expect(created.status, created.text).toBe(201);
    return (created.body as { data: { slug: string } }).data.slug;
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
    expect(frame).toContain(`href="/api/raw/${slug}"`);
    expect(frame).toContain('<footer class="site-footer">');
    const data = shareData(result.text);
    expect(data).toMatchObject({ kind: 'paste', slug, answer: { slug, views: 1, remark: 'Weekly notes' } });
    // Nothing in the data can end its script element early.
    expect(result.text).not.toMatch(/id="share-data">[^<]*<\/script>[\s\S]*<\/script>alert/);
    // The HTML was the page's read: the next one is the second.
    const next = await call(server.baseUrl, 'GET', `/api/paste/${slug}`);
    expect((next.body as { data: { views: number } }).data.views).toBe(2);
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
    const locked = frameOf((await page(`/paste/${protectedSlug}`)).text);
    expect(locked).toContain('type="password"');
    const limited = (await page(`/paste/${limitedSlug}`)).text;
    expect(frameOf(limited)).toContain('This paste can be viewed a limited number of times');
    expect(frameOf(limited)).toContain('Show it');
    expect(shareData(limited)).toEqual({
      kind: 'paste',
      slug: limitedSlug,
      answer: { slug: limitedSlug, requiresReveal: true, viewsLeft: 3 },
    });
  });

  it('spends no view: a hundred page fetches leave a one-view paste at zero views', async () => {
    const slug = await createPaste({ content: 'read me once', maxViews: 1 });
    for (let i = 0; i < 100; i += 1) {
      const html = (await page(`/paste/${slug}`)).text;
      expect(html).not.toContain('read me once');
    }
    const asked = await call(server.baseUrl, 'GET', `/api/paste/${slug}?reveal=ask`);
    expect(asked.body).toMatchObject({ data: { requiresReveal: true, viewsLeft: 1 } });
    const read = await call(server.baseUrl, 'GET', `/api/paste/${slug}`);
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

  it('leaves a missing paste and other pages as built', async () => {
    const missing = (await page('/paste/no-such-paste')).text;
    expect(frameOf(missing)).toContain('aria-hidden="true"');
    expect(shareData(missing)).toBeUndefined();
    const home = (await page('/')).text;
    expect(home).toBe(pageHtml);
  });
});
