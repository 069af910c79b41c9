import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { pasteCreateResultSchema } from '@shared/api/paste.schema';
import { precompressDir } from '@server/lib/precompress';
import { login } from './support/auth-helpers';
import { call, expectOk } from './support/http';
import { rawGet } from './support/raw-http';
import { startTestServer, type TestServer } from './support/test-server';
import { randomBytesOf, setUseProxy, startHarness, uploadFile, type Harness } from './storage/storage-harness';

const browser = 'gzip, deflate, br, zstd';
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
const indexHtml = `<!doctype html><title>Clipdock</title><p>${'shell '.repeat(300)}</p><script type="module" src="/assets/app-1.js"></script>`;

describe('the built web app, precompressed at build time', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), indexHtml);
    await writeFile(join(webDir, 'assets', 'app-1.js'), script);
    await writeFile(join(webDir, 'assets', 'tiny-1.js'), 'export {};\n');
    await writeFile(join(webDir, 'assets', 'photo-1.png'), randomBytesOf(4000));
    await writeFile(join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /paste/\n');
    await writeFile(join(webDir, 'favicon.ico'), randomBytesOf(600, 3));
    await writeFile(
      join(webDir, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Clipdock', icons: [{ src: '/icon-192.png', sizes: '192x192' }] }),
    );
    await writeFile(join(webDir, 'icon-192.png'), randomBytesOf(900, 5));
    await precompressDir(webDir);
    server = await startTestServer({ staticDir: webDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies beside text files, and none for images or files too small to gain', async () => {
    for (const file of ['index.html', 'assets/app-1.js']) {
      await expect(readFile(join(webDir, `${file}.br`))).resolves.toBeInstanceOf(Buffer);
      await expect(readFile(join(webDir, `${file}.gz`))).resolves.toBeInstanceOf(Buffer);
    }
    for (const file of ['assets/photo-1.png', 'assets/tiny-1.js', 'icon-192.png']) {
      await expect(readFile(join(webDir, `${file}.br`)), file).rejects.toThrow();
    }
  });

  it('sends the brotli copy to a browser, gzip to a client without brotli, and the file itself to one that asks for neither', async () => {
    const url = `${server.baseUrl}/assets/app-1.js`;
    const br = await rawGet(url, { 'accept-encoding': browser });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.wire.length);
    expect(br.wire.length).toBeLessThan(script.length / 3);
    expect(br.decoded.toString()).toBe(script);
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await rawGet(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.decoded.toString()).toBe(script);

    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const plain = await rawGet(url, headers);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.wire.toString()).toBe(script);
    }
  });

  it('follows the q-values the client sends', async () => {
    const url = `${server.baseUrl}/assets/app-1.js`;
    expect((await rawGet(url, { 'accept-encoding': 'br;q=0.5, gzip;q=1' })).headers['content-encoding']).toBe('gzip');
    expect((await rawGet(url, { 'accept-encoding': 'br;q=0, *' })).headers['content-encoding']).toBe('gzip');
    expect((await rawGet(url, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  it('compresses the page for every client-side route and keeps its CSP', async () => {
    for (const path of ['/', '/paste/abc', '/admin/settings']) {
      const page = await rawGet(`${server.baseUrl}${path}`, { 'accept-encoding': browser });
      // A share page carries its link-preview tags and content in the visitor's language: the stored
      // choice (a cookie), else Accept-Language (share-preview.test.ts, share-page.test.ts).
      const share = path.startsWith('/paste/');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers.vary, path).toBe(share ? 'Accept-Encoding, Accept-Language, Cookie' : 'Accept-Encoding');
      expect(page.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(page.headers['cache-control'], path).toBe('no-cache');
      const html = page.decoded.toString();
      if (share) expect(html, path).toContain('<meta property="og:title"');
      // The page as built, but for its head (title and tags), which ends where the body's <p> starts.
      const body = (text: string) => text.replace(/<title>[\s\S]*?(?=<p>)/, '');
      expect(body(html), path).toBe(body(indexHtml));
    }
  });

  it('sends an image as it is, with no Vary', async () => {
    const png = await rawGet(`${server.baseUrl}/assets/photo-1.png`, { 'accept-encoding': browser });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.wire.equals(randomBytesOf(4000))).toBe(true);
  });

  it('answers /robots.txt, /favicon.ico, the manifest and its icons with the files themselves', async () => {
    const robots = await rawGet(`${server.baseUrl}/robots.txt`, { 'accept-encoding': browser });
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.decoded.toString()).toContain('Disallow: /paste/');
    const favicon = await rawGet(`${server.baseUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/x-icon');
    const manifest = await rawGet(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const icon = await rawGet(`${server.baseUrl}/icon-192.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers a missing top-level file with 404, never the app page', async () => {
    for (const path of ['/sitemap.xml', '/apple-touch-icon-precomposed.png', '/ads.txt']) {
      const missing = await call(server.baseUrl, 'GET', path);
      expect(missing.status, path).toBe(404);
      expect(missing.text, path).not.toContain('<title>Clipdock');
    }
  });
});

describe('API answers compressed on the fly', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await login(server.baseUrl));
  });
  afterAll(() => server.close());

  const paste = async (content: string) =>
    expectOk(
      await testApi(server.baseUrl, asAdmin(token)).send(createPaste, { body: { content } }),
      pasteCreateResultSchema,
      201,
    );

  it('compresses a JSON answer over 1 KB for a client that accepts it, with Vary', async () => {
    const content = 'The quick brown fox jumps over the lazy dog. '.repeat(100);
    const { slug } = await paste(content);
    // raw: the bytes as they cross the wire, before fetch would decode them
    const br = await rawGet(`${server.baseUrl}/api/paste/${slug}`, { 'accept-encoding': browser });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.wire.length);
    expect(br.wire.length).toBeLessThan(content.length / 5);
    expect(JSON.parse(br.decoded.toString())).toMatchObject({ code: 200, data: { content } });

    // raw: the bytes as they cross the wire, before fetch would decode them
    const gz = await rawGet(`${server.baseUrl}/api/paste/${slug}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gz.decoded.toString())).toMatchObject({ data: { content } });
  });

  it('leaves the answer alone for a client that sends no Accept-Encoding', async () => {
    const content = 'plain for scripts '.repeat(100);
    const { slug } = await paste(content);
    // raw: the bytes as they cross the wire, before fetch would decode them
    const plain = await rawGet(`${server.baseUrl}/api/paste/${slug}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.wire.toString())).toMatchObject({ data: { content } });
  });

  it('compresses the raw text of a paste', async () => {
    const content = 'line of raw text\n'.repeat(200);
    const { slug } = await paste(content);
    // raw: the bytes as they cross the wire, before fetch would decode them
    const raw = await rawGet(`${server.baseUrl}/api/raw/${slug}`, { 'accept-encoding': browser });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(raw.decoded.toString()).toBe(content);
  });

  it('sends answers under 1 KB as they are, still with Vary', async () => {
    // raw: the bytes as they cross the wire, before fetch would decode them
    const health = await rawGet(`${server.baseUrl}/api/health`, { 'accept-encoding': browser });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(health.wire.toString())).toMatchObject({ code: 200 });
  });

  it('answers HEAD with no body and no coding', async () => {
    // raw: the bytes as they cross the wire, before fetch would decode them
    const head = await rawGet(`${server.baseUrl}/api/health`, { 'accept-encoding': browser }, 'HEAD');
    expect(head.wire.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
  });
});

describe('stored bytes are never compressed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('local');
  });
  afterAll(() => h.close());

  const text = Buffer.from('a shared text file that would compress very well\n'.repeat(400));

  it('streams a text file through /api/file-view and /api/file-download as stored, with its length and ranges intact', async () => {
    const file = await uploadFile(h, 'notes.txt', text, { mimetype: 'text/plain' });
    await setUseProxy(h, file.id, true);
    for (const kind of ['view', 'download']) {
      // raw: the bytes as they cross the wire, before fetch would decode them
      const whole = await rawGet(`${h.server.baseUrl}/api/file-${kind}/${file.slug}`, { 'accept-encoding': browser });
      expect(whole.status, kind).toBe(200);
      expect(whole.headers['content-encoding'], kind).toBeUndefined();
      expect(Number(whole.headers['content-length']), kind).toBe(text.length);
      expect(whole.wire.equals(text), kind).toBe(true);
    }
  });

  it('serves a local blob link as stored', async () => {
    const file = await uploadFile(h, 'blob.txt', text, { mimetype: 'text/plain' });
    // raw: the bytes as they cross the wire, before fetch would decode them
    const redirect = await rawGet(`${h.server.baseUrl}/api/file-view/${file.slug}`, { 'accept-encoding': browser });
    expect(redirect.status).toBe(302);
    const location = String(redirect.headers.location);
    expect(location).toContain('/api/blob/'); // raw: the Location header names the blob route
    const blob = await rawGet(new URL(location, h.server.baseUrl).toString(), { 'accept-encoding': browser });
    expect(blob.status).toBe(200);
    expect(blob.headers['content-encoding']).toBeUndefined();
    expect(blob.wire.equals(text)).toBe(true);
  });
});
