// Link cards of file shares: a public picture's card image is scaled from it (served by
// /api/card-image without spending a view; share-card-image.test.ts scales it on both drivers), a
// file that is no picture gets none, a public video carries og:video with its type, and a
// protected or view-limited share shows neither. A hundred fetches of the page, its tags and its
// card image leave a one-view share with its view.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardImage, oembed as oembedEndpoint } from '@shared/api/share-card.endpoints';
import type { QueryOf } from '@shared/http/endpoint';
import { formUpload } from '@shared/api/upload.endpoints';
import { downloadFile, viewFile } from '@shared/api/file.endpoints';
import { createPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
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
    return testApi(server.baseUrl, asAdmin(token)).ok(formUpload, { body: form });
  };
  const page = async (slug: string) => (await call(server.baseUrl, 'GET', `/file/${slug}`)).text;
  const views = async (id: string) =>
    (await server.db.selectFrom('files').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
  const fetchBytes = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  const oembedHref = (html: string) =>
    (/<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1] ?? '').replaceAll(
      '&amp;',
      '&',
    );
  const oembed = async (query: QueryOf<typeof oembedEndpoint>) => {
    const response = await testApi(server.baseUrl).send(oembedEndpoint, { query });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: response.body as Record<string, unknown>,
    };
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

  it('gives a public picture a card image scaled from it, served without spending a view', async () => {
    const bytes = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#f59e0b' } })
      .png()
      .toBuffer();
    const { slug, id } = await shareFile('sunset.png', 'image/png', bytes);
    const html = await page(slug);
    const image = testApi(server.baseUrl).url(cardImage, { params: { slug } });
    expect(tag(html, 'og:image')).toBe(image);
    expect(tag(html, 'og:image:type')).toBe('image/jpeg');
    expect(tag(html, 'og:image:alt')).toBe('sunset.png');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect(tag(html, 'twitter:image')).toBe(image);
    expect(tag(html, 'og:video')).toBeUndefined();

    const got = await fetchBytes(image);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(got.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 400 });
    for (let i = 0; i < 20; i += 1) expect((await fetchBytes(image)).status).toBe(200);
    expect(await views(id)).toBe(0);
  });

  it('refuses the card image of a file that is no picture, or not a decodable one', async () => {
    const { slug } = await shareFile('poster.jpg', 'image/jpeg', randomBytesOf(400_000, 4));
    expect((await fetchBytes(testApi(server.baseUrl).url(cardImage, { params: { slug } }))).status).toBe(404);
    const other = await shareFile('notes.txt', 'text/plain', randomBytesOf(100, 5));
    const html = await page(other.slug);
    expect(tag(html, 'og:image')).toBe(`${server.baseUrl}/icon-512.png`);
    expect(tag(html, 'twitter:card')).toBe('summary');
    expect((await fetchBytes(testApi(server.baseUrl).url(cardImage, { params: { slug: other.slug } }))).status).toBe(
      404,
    );
    expect(
      (await fetchBytes(testApi(server.baseUrl).url(cardImage, { params: { slug: 'no-such-share' } }))).status,
    ).toBe(404);
  });

  it('offers a public video to players with its type', async () => {
    const { slug } = await shareFile('clip.mp4', 'video/mp4', randomBytesOf(50_000, 6));
    const html = await page(slug);
    expect(tag(html, 'og:type')).toBe('video.other');
    expect(tag(html, 'og:video')).toBe(testApi(server.baseUrl).url(viewFile, { params: { slug } }));
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
      expect((await fetchBytes(testApi(server.baseUrl).url(cardImage, { params: { slug } }))).status).toBe(404);
    }
    expect(cards.size).toBe(1);
    for (const { slug } of shares) {
      const answer = await oembed({ url: `${server.baseUrl}/file/${slug}` });
      expect(answer.body).toEqual({
        version: '1.0',
        type: 'link',
        title: 'A protected share',
        provider_name: 'Clipdock',
        provider_url: `${server.baseUrl}/`,
        cache_age: 300,
      });
    }
  });

  it('answers oEmbed for this server’s share pages, found from the page’s discovery link', async () => {
    const picture = await shareFile('sunset-2.png', 'image/png', randomBytesOf(1000, 12));
    const href = oembedHref(await page(picture.slug));
    expect(href).toBe(
      // raw: the link the page carries, spelled as a client would find it
      `${server.baseUrl}/api/oembed?url=${encodeURIComponent(`${server.baseUrl}/file/${picture.slug}`)}&format=json`,
    );
    const link = await fetch(href);
    expect(link.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await link.json()).toMatchObject({
      version: '1.0',
      type: 'link',
      title: 'sunset-2.png',
      provider_name: 'Clipdock',
    });

    const video = await shareFile('talk.webm', 'video/webm', randomBytesOf(1000, 13));
    const played = await oembed({ url: `${server.baseUrl}/file/${video.slug}`, maxwidth: '320' });
    expect(played.body).toMatchObject({ type: 'video', width: 320, height: 180, title: 'talk.webm' });
    expect(played.body.html).toBe(
      `<video controls preload="metadata" width="320" height="180"><source src="${testApi(server.baseUrl).url(viewFile, { params: { slug: video.slug } })}" type="video/webm" /></video>`,
    );

    const paste = await testApi(server.baseUrl, asAdmin(token)).send(createPaste, {
      body: { content: '# Minutes\n\nwe met', format: 'markdown' },
    });
    const pasteSlug = (paste.body as { data: { slug: string } }).data.slug;
    expect((await oembed({ url: `${server.baseUrl}/paste/${pasteSlug}` })).body).toMatchObject({
      type: 'link',
      title: 'Minutes',
    });

    expect((await oembed({ url: 'https://elsewhere.example/file/abc' })).status).toBe(404);
    expect((await oembed({ url: `${server.baseUrl}/admin` })).status).toBe(404);
    expect((await oembed({ url: 'not a url' })).status).toBe(404);
    // raw: a format and a missing url the contract refuses
    const refused = (query: string) => call(server.baseUrl, 'GET', `/api/oembed?${query}`);
    expect(
      (await refused(new URLSearchParams({ url: `${server.baseUrl}/file/${picture.slug}`, format: 'xml' }).toString()))
        .status,
    ).toBe(400);
    expect((await refused('')).status).toBe(400);
  });

  it('a hundred fetches of the page, its tags and its card image leave a one-view share at zero views', async () => {
    const bytes = randomBytesOf(5000, 11);
    const { slug, id } = await shareFile('one-look.png', 'image/png', bytes, { max_views: '1' });
    for (let i = 0; i < 100; i += 1) {
      const html = await page(slug);
      const image = tag(html, 'og:image') ?? '';
      await fetchBytes(image.replaceAll('&#38;', '&'));
      await fetchBytes(testApi(server.baseUrl).url(cardImage, { params: { slug } }));
      expect((await fetchBytes(oembedHref(html))).status).toBe(200);
    }
    expect(await views(id)).toBe(0);
    const read = await fetchBytes(testApi(server.baseUrl).url(downloadFile, { params: { slug } }));
    expect(read.status).toBe(200);
    expect(read.bytes.equals(bytes)).toBe(true);
    // That one read spent the view: the share is used up for everyone after it.
    expect((await fetchBytes(testApi(server.baseUrl).url(downloadFile, { params: { slug } }))).status).toBe(410);
  });
});
