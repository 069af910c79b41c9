// Link previews of share pages: the HTML of /paste/{slug} and /file/{slug} carries the share's Open
// Graph and Twitter card tags, read without spending a view. A public share shows its title and a
// description; a protected or view-limited one says only that it is protected, with no remark, name
// or excerpt; words follow Accept-Language; the pages are marked noindex.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '@shared/http/endpoint';
import { formUpload } from '@shared/api/upload.endpoints';
import { createPaste as createPasteEndpoint, viewPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from './support/api';
import { login } from './support/auth-helpers';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

const pageHtml =
  '<!doctype html><html><head><meta name="description" content="Self-hosted clipboard and file sharing" /><title>Clipdock</title></head><body><div id="root"></div></body></html>';

function tag(html: string, property: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html);
  return found?.[1];
}

describe('link previews of share pages', () => {
  let server: TestServer;
  let webDir: string;
  let token: string;
  const createPaste = async (body: BodyOf<typeof createPasteEndpoint>) => {
    const created = await testApi(server.baseUrl, asAdmin(token)).send(createPasteEndpoint, {
      body: { format: 'markdown', ...body },
    });
    expect(created.status, created.text).toBe(201);
    return (created.body as { data: { slug: string } }).data.slug;
  };
  /** A file share made through the one-request form upload, as the admin. */
  const shareFile = async (filename: string, mimetype: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob(['not really the bytes'], { type: mimetype }), filename);
    return (await testApi(server.baseUrl, asAdmin(token)).ok(formUpload, { body: form })).slug;
  };
  const page = (path: string, language = 'en-US,en;q=0.9') =>
    call(server.baseUrl, 'GET', path, { headers: { 'accept-language': language } });

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-web-'));
    await writeFile(join(webDir, 'index.html'), pageHtml);
    await mkdir(join(webDir, 'route-pages'));
    await writeFile(join(webDir, 'route-pages', 'paste.html'), pageHtml.replace('<div', '<div data-page="paste"'));
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

  it('shows a public paste’s remark or first heading and its first lines as plain text', async () => {
    const slug = await createPaste({
      content: '# Release notes\n\nThe **new** [build](https://example.com) ships <today>.\n\n- faster uploads',
    });
    const result = await page(`/paste/${slug}`);
    expect(result.status).toBe(200);
    expect(result.text).toContain('data-page="paste"');
    expect(result.text).toContain('<title>Release notes · Clipdock</title>');
    expect(tag(result.text, 'og:title')).toBe('Release notes');
    expect(tag(result.text, 'og:description')).toBe(
      'Release notes The new build ships &#60;today&#62;. faster uploads',
    );
    expect(tag(result.text, 'og:type')).toBe('article');
    expect(tag(result.text, 'og:url')).toBe(`${server.baseUrl}/paste/${slug}`);
    expect(tag(result.text, 'og:image')).toBe(`${server.baseUrl}/icon-512.png`);
    expect(tag(result.text, 'twitter:card')).toBe('summary');
    expect(result.text.match(/<meta name="description"/g)).toHaveLength(1);
    expect(result.headers.get('x-robots-tag')).toBe('noindex');
    expect(result.headers.get('content-security-policy')).toContain("script-src 'self'");

    const remarked = await createPaste({ content: 'body text', remark: 'Meeting "notes" & more' });
    expect(tag((await page(`/paste/${remarked}`)).text, 'og:title')).toBe('Meeting &#34;notes&#34; &#38; more');
  });

  it('says only that a protected or view-limited share is protected, in the visitor’s language', async () => {
    const secret = 'Quarterly numbers, do not share';
    const protectedSlug = await createPaste({ content: secret, remark: 'secret remark', password: 'pw-123456' });
    const limitedSlug = await createPaste({ content: secret, remark: 'limited remark', maxViews: 1 });
    const fileSlug = await shareFile('salaries-2026.xlsx', 'application/octet-stream', { password: 'pw-123456' });
    const cards = new Set<string>();
    for (const path of [`/paste/${protectedSlug}`, `/paste/${limitedSlug}`, `/file/${fileSlug}`]) {
      const html = (await page(path)).text;
      for (const hidden of [secret, 'secret remark', 'limited remark', 'salaries'])
        expect(html, path).not.toContain(hidden);
      expect(tag(html, 'og:title'), path).toBe('A protected share');
      cards.add(`${tag(html, 'og:title')}|${tag(html, 'og:description')}`);
    }
    expect(cards.size).toBe(1);
    const chinese = (await page(`/paste/${protectedSlug}`, 'zh-CN,zh;q=0.9,en;q=0.8')).text;
    expect(tag(chinese, 'og:title')).toBe('受保护的分享');
    expect(tag((await page('/paste/no-such-paste')).text, 'og:title')).toBe('Share not available');
  });

  it('shows a public file’s name, type and size', async () => {
    const slug = await shareFile('holiday <photo>.png', 'image/png');
    const html = (await page(`/file/${slug}`)).text;
    expect(tag(html, 'og:title')).toBe('holiday &#60;photo&#62;.png');
    expect(tag(html, 'og:description')).toMatch(/^image\/png · \d+(\.\d)? B$/);
  });

  it('spends no view: a hundred page fetches leave a one-view paste readable once', async () => {
    const slug = await createPaste({ content: 'read me once', maxViews: 1 });
    for (let i = 0; i < 100; i += 1) expect((await page(`/paste/${slug}`)).status).toBe(200);
    const read = await testApi(server.baseUrl).send(viewPaste, { params: { slug } });
    expect(read.status, read.text).toBe(200);
    expect((await testApi(server.baseUrl).send(viewPaste, { params: { slug } })).status).toBe(410);
  });
});
