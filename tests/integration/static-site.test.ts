import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVersion } from '@shared/api/system.endpoints';
import { testApi } from '@tests/integration/support/api';
import { versionSchema } from '@shared/api/system.schema';
import { ErrorCode } from '@shared/errors';
import { call, expectError, expectOk } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

const themeScript = 'document.documentElement.dataset.theme = "light";';
const indexHtml = `<!doctype html><title>Clipdock</title><script>${themeScript}</script><script type="module" src="/assets/index-abc123.js"></script>`;
/** The build's copy of index.html for paste pages: the same page, preloading the paste screen. */
const pastePageHtml = indexHtml.replace(
  '<title>',
  '<link rel="modulepreload" crossorigin href="/assets/paste-def456.js"><title>',
);

describe('serving the built web app', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), indexHtml);
    await writeFile(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(webDir, 'manifest.webmanifest'), '{"name":"Clipdock"}');
    await writeFile(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(join(webDir, 'assets', 'index-abc123.css'), 'body{}');
    await mkdir(join(webDir, 'route-pages'));
    await writeFile(join(webDir, 'route-pages', 'paste.html'), pastePageHtml);
    await writeFile(
      join(webDir, 'route-pages', 'routes.json'),
      JSON.stringify([{ path: '^/paste/[^/]+/?$', file: 'route-pages/paste.html' }]),
    );
    server = await startTestServer({ staticDir: webDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable with the right content type', async () => {
    const js = await call(server.baseUrl, 'GET', '/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log(1);');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await call(server.baseUrl, 'GET', '/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('sends pages with a strict CSP that allows only this origin and the inline theme script, and refuses framing', async () => {
    const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    for (const path of ['/', '/index.html', '/admin/settings', '/paste/abc']) {
      const page = await call(server.baseUrl, 'GET', path);
      const policy = page.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain(`script-src 'self' ${hash}`);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
    }
    const script = await call(server.baseUrl, 'GET', '/assets/index-abc123.js');
    expect(script.headers.get('content-security-policy')).toBeNull();
  });

  it('serves index.html, sw.js and the manifest with no-cache', async () => {
    const cases: [string, RegExp][] = [
      ['/', /^text\/html/],
      ['/index.html', /^text\/html/],
      ['/sw.js', /^text\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ];
    for (const [path, type] of cases) {
      const result = await call(server.baseUrl, 'GET', path);
      expect(result.status, path).toBe(200);
      expect(result.headers.get('content-type'), path).toMatch(type);
      expect(result.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers a revalidation of an unchanged page, worker, manifest or icon with a 304 and no body, and a changed one in full', async () => {
    await writeFile(join(webDir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const path of ['/', '/paste/abc', '/sw.js', '/manifest.webmanifest', '/icon.svg']) {
      const first = await call(server.baseUrl, 'GET', path);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]{27}"$/);
      const again = await call(server.baseUrl, 'GET', path, {
        headers: { 'if-none-match': `W/"other", ${etag ?? ''}` },
      });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('cache-control'), path).toBe('no-cache');
      expect((await call(server.baseUrl, 'GET', path, { headers: { 'if-none-match': '"other"' } })).status, path).toBe(
        200,
      );
    }
    const index = await call(server.baseUrl, 'GET', '/');
    expect((await call(server.baseUrl, 'GET', '/paste/abc')).headers.get('etag')).not.toBe(index.headers.get('etag'));
    const before = (await call(server.baseUrl, 'GET', '/icon.svg')).headers.get('etag') ?? '';
    await writeFile(join(webDir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
    await expect
      .poll(
        async () => (await call(server.baseUrl, 'GET', '/icon.svg', { headers: { 'if-none-match': before } })).status,
        { timeout: 10_000 },
      )
      .toBe(200);
    const hashed = await call(server.baseUrl, 'GET', '/assets/index-abc123.js');
    expect(hashed.headers.get('etag')).toBeNull();
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const path of ['/admin', '/paste', '/paste/abc/more', '/deep/nested/route']) {
      const result = await call(server.baseUrl, 'GET', path);
      expect(result.status, path).toBe(200);
      expect(result.text, path).toBe(indexHtml);
      expect(result.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("answers a route with the build's page for it, with the same headers as index.html", async () => {
    const index = await call(server.baseUrl, 'GET', '/admin');
    for (const path of ['/paste/abc', '/paste/abc/', '/paste/abc?x=1']) {
      const result = await call(server.baseUrl, 'GET', path);
      expect(result.status, path).toBe(200);
      // The build's page for the route, its title and link-preview tags the share's own (share-preview.test.ts).
      const [before = '', after = ''] = pastePageHtml.split(/<title>[^<]*<\/title>/);
      expect(result.text.startsWith(before), path).toBe(true);
      expect(result.text.endsWith(after), path).toBe(true);
      expect(result.text, path).toContain('<title>Share not available · Clipdock</title>');
      for (const header of ['content-type', 'cache-control', 'content-security-policy', 'x-frame-options']) {
        expect(result.headers.get(header), `${path} ${header}`).toBe(index.headers.get(header));
      }
    }
  });

  it('serves a file rewritten under the running server once its kept answer is a second old', async () => {
    await writeFile(join(webDir, 'robots.txt'), 'User-agent: *\n');
    expect((await call(server.baseUrl, 'GET', '/robots.txt')).text).toBe('User-agent: *\n');
    await writeFile(join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
    await expect
      .poll(async () => (await call(server.baseUrl, 'GET', '/robots.txt')).text, { timeout: 10_000 })
      .toBe('User-agent: *\nDisallow: /api/\n');
  });

  it('does not escape the web app folder', async () => {
    const result = await call(server.baseUrl, 'GET', '/..%2F..%2Fetc%2Fpasswd');
    expect(result.text).toBe(indexHtml);
  });

  it('answers a missing hashed asset with 404 rather than HTML', async () => {
    expectError(await call(server.baseUrl, 'GET', '/assets/gone-000.js'), 404, ErrorCode.NotFound);
  });

  it('keeps /api answering JSON, including unknown API paths', async () => {
    expectOk(await testApi(server.baseUrl).send(getVersion, {}), versionSchema);
    expectError(await call(server.baseUrl, 'GET', '/api/unknown'), 404, ErrorCode.NotFound); // raw: no such route
    expectError(await call(server.baseUrl, 'GET', '/api'), 404, ErrorCode.NotFound);
  });

  it('does not serve the web app for non-GET requests', async () => {
    expectError(await call(server.baseUrl, 'POST', '/admin'), 404, ErrorCode.NotFound);
  });
});

describe('without a built web app', () => {
  it('warns once and still serves the API', async () => {
    const server = await startTestServer();
    try {
      expect(server.logs.filter((l) => l.msg.startsWith('web app not built'))).toHaveLength(1);
      expectOk(await testApi(server.baseUrl).send(getVersion, {}), versionSchema);
    } finally {
      await server.close();
    }
  });
});
