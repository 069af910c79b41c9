// Link cards of file shares: a small public picture is its own card image (served by
// /api/card-image without spending a view), a large one gets the product's card image (nothing is
// scaled: no image library is installed), a public video carries og:video with its type, and a
// protected or view-limited share shows neither. A hundred fetches of the page, its tags and its
// card image leave a one-view share with its view.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytesOf } from './storage/storage-harness';
import { login } from './support/auth-helpers';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

const pageHtml =
  '<!doctype html><html><head><meta name="description" content="Self-hosted clipboard and file sharing" /><title>Clipdock</title></head><body><div id="root"></div></body></html>';

function tag(html: string, property: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
}

describe('link cards of file shares', () => {
  let server: TestServer;
  let webDir: string;
  let token: string;
  const shareFile = async (
    filename: string,
    mimetype: string,
    bytes: Uint8Array,
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: mimetype }), filename);
    const response = await fetch(`${server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    return (JSON.parse(text) as { data: { slug: string; id: string } }).data;
  };
  const page = async (slug: string) => (await call(server.baseUrl, 'GET', `/file/${slug}`)).text;
  const views = async (id: string) =>
    (await server.db.selectFrom('files').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
  const fetchBytes = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-web-'));
    await writeFile(join(webDir, 'index.html'), pageHtml);
    server = await startTestServer({ staticDir: webDir });
    token = (await login(server.baseUrl)).token;
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('makes a small public picture its own card image, served without spending a view', async () => {
    const bytes = randomBytesOf(20_000, 3);
    const { slug, id } = await shareFile('sunset.png', 'image/png', bytes);
    const html = await page(slug);
    const image = `${server.baseUrl}/api/card-image/${slug}`;
    expect(tag(html, 'og:image')).toBe(image);
    expect(tag(html, 'og:image:type')).toBe('image/png');
    expect(tag(html, 'og:image:alt')).toBe('sunset.png');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect(tag(html, 'twitter:image')).toBe(image);
    expect(tag(html, 'og:video')).toBeUndefined();

    const got = await fetchBytes(image);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.bytes.equals(bytes)).toBe(true);
    for (let i = 0; i < 20; i += 1) expect((await fetchBytes(image)).status).toBe(200);
    expect(await views(id)).toBe(0);
  });

  it('gives a large picture the product’s card image, unscaled, and refuses its card image', async () => {
    const { slug } = await shareFile('poster.jpg', 'image/jpeg', randomBytesOf(400_000, 4));
    const html = await page(slug);
    expect(tag(html, 'og:image')).toBe(`${server.baseUrl}/icon-512.png`);
    expect(tag(html, 'twitter:card')).toBe('summary');
    expect((await fetchBytes(`${server.baseUrl}/api/card-image/${slug}`)).status).toBe(404);
    const other = await shareFile('notes.txt', 'text/plain', randomBytesOf(100, 5));
    expect((await fetchBytes(`${server.baseUrl}/api/card-image/${other.slug}`)).status).toBe(404);
    expect((await fetchBytes(`${server.baseUrl}/api/card-image/no-such-share`)).status).toBe(404);
  });

  it('offers a public video to players with its type', async () => {
    const { slug } = await shareFile('clip.mp4', 'video/mp4', randomBytesOf(50_000, 6));
    const html = await page(slug);
    expect(tag(html, 'og:type')).toBe('video.other');
    expect(tag(html, 'og:video')).toBe(`${server.baseUrl}/api/file-view/${slug}`);
    expect(tag(html, 'og:video:type')).toBe('video/mp4');
    // Over plain HTTP: no secure_url, and no Twitter player (Twitter plays only HTTPS).
    expect(tag(html, 'og:video:secure_url')).toBeUndefined();
    expect(tag(html, 'twitter:card')).toBe('summary');
    expect(tag(html, 'og:image')).toBe(`${server.baseUrl}/icon-512.png`);
  });

  it('shows no media of a protected or view-limited picture or video, in the same words for all', async () => {
    const shares = [
      await shareFile('private.png', 'image/png', randomBytesOf(1000, 7), { password: 'pw-123456' }),
      await shareFile('once.png', 'image/png', randomBytesOf(1000, 8), { max_views: '1' }),
      await shareFile('private.mp4', 'video/mp4', randomBytesOf(1000, 9), { password: 'pw-123456' }),
      await shareFile('once.webm', 'video/webm', randomBytesOf(1000, 10), { max_views: '1' }),
    ];
    const cards = new Set<string>();
    for (const { slug } of shares) {
      const html = await page(slug);
      expect(html).not.toMatch(/private|once/);
      expect(tag(html, 'og:image')).toBe(`${server.baseUrl}/icon-512.png`);
      expect(tag(html, 'og:video')).toBeUndefined();
      expect(tag(html, 'twitter:card')).toBe('summary');
      cards.add(`${tag(html, 'og:title')}|${tag(html, 'og:description')}|${tag(html, 'og:type')}`);
      expect((await fetchBytes(`${server.baseUrl}/api/card-image/${slug}`)).status).toBe(404);
    }
    expect(cards.size).toBe(1);
  });

  it('a hundred fetches of the page, its tags and its card image leave a one-view share at zero views', async () => {
    const bytes = randomBytesOf(5000, 11);
    const { slug, id } = await shareFile('one-look.png', 'image/png', bytes, { max_views: '1' });
    for (let i = 0; i < 100; i += 1) {
      const html = await page(slug);
      const image = tag(html, 'og:image') ?? '';
      await fetchBytes(image.replaceAll('&#38;', '&'));
      await fetchBytes(`${server.baseUrl}/api/card-image/${slug}`);
    }
    expect(await views(id)).toBe(0);
    const read = await fetchBytes(`${server.baseUrl}/api/file-download/${slug}`);
    expect(read.status).toBe(200);
    expect(read.bytes.equals(bytes)).toBe(true);
    // That one read spent the view: the share is used up for everyone after it.
    expect((await fetchBytes(`${server.baseUrl}/api/file-download/${slug}`)).status).toBe(410);
  });
});
