// A public picture's link card is scaled from it (at most 1200 px, a JPEG), on the local driver and
// on radosgw: served by /api/card-image without spending a view, the same bytes again from the
// cache, a small picture never enlarged, a file that is not a picture after all answered 404. Where
// the upload's browser stored thumbnails beside the object, the card is scaled from the large one
// (never the original), and a public video gets its poster as its card.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardImage } from '@shared/api/share-card.endpoints';
import { uploadThumbnail } from '@shared/api/share-thumbnail.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { call } from './support/http';
import {
  type DriverName,
  drivers,
  fetchBytes,
  type Harness,
  randomBytesOf,
  startHarness,
  uploadFile,
} from './storage/storage-harness';

const pageHtml =
  '<!doctype html><html><head><meta name="description" content="Self-hosted clipboard and file sharing" /><title>Clipdock</title></head><body><div id="root"></div></body></html>';

const tag = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

/** A PNG of `width` × `height` pixels of noise: larger than any unfurler takes as it is. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytesOf(width * height * 3, width), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

describe.each<DriverName>(drivers)('card images scaled from public pictures on %s', (driver) => {
  let h: Harness;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-card-'));
    await writeFile(join(webDir, 'index.html'), pageHtml);
    h = await startHarness(driver, { staticDir: webDir });
  });
  afterAll(async () => {
    await h.close();
    await rm(webDir, { recursive: true, force: true });
  });
  const views = async (id: string) =>
    (await h.server.db.selectFrom('files').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
  const cardOf = (slug: string) => testApi(h.server.baseUrl).url(cardImage, { params: { slug } });

  it('scales a large picture to 1200 px as a JPEG, spending no view, and serves it again from the cache', async () => {
    const source = await noisePng(2400, 1800);
    expect(source.byteLength).toBeGreaterThan(300 * 1024);
    const { slug, id } = await uploadFile(h, 'harbour.png', source, { mimetype: 'image/png' });
    const html = (await call(h.server.baseUrl, 'GET', `/file/${slug}`)).text;
    expect(tag(html, 'og:image')).toBe(cardOf(slug));
    expect(tag(html, 'og:image:type')).toBe('image/jpeg');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');

    const card = await fetchBytes(cardOf(slug));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(card.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(card.headers.get('content-length'))).toBe(card.bytes.byteLength);
    const shape = await sharp(card.bytes).metadata();
    expect({ format: shape.format, width: shape.width, height: shape.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 900,
    });
    for (let i = 0; i < 10; i += 1) expect((await fetchBytes(cardOf(slug))).bytes.equals(card.bytes)).toBe(true);
    expect(await views(id)).toBe(0);
  });

  it('never enlarges a small picture, puts transparency over white, and refuses what is no picture', async () => {
    const small = await sharp({
      create: { width: 320, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { slug } = await uploadFile(h, 'badge.png', small, { mimetype: 'image/png' });
    const card = await fetchBytes(cardOf(slug));
    expect(card.status).toBe(200);
    const { data, info } = await sharp(card.bytes).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual({ width: 320, height: 200 });
    expect(data[0]).toBeGreaterThan(240);

    const fake = await uploadFile(h, 'fake.png', randomBytesOf(4000, 21), { mimetype: 'image/png' });
    expect((await fetchBytes(cardOf(fake.slug))).status).toBe(404);
    const limited = await uploadFile(h, 'once.png', small, { mimetype: 'image/png', max_views: 1 });
    expect((await fetchBytes(cardOf(limited.slug))).status).toBe(404);
    expect(await views(limited.id)).toBe(0);
  });

  /** Stores thumbnails of the admin's share `id` as the upload page's worker does, a large one of `width` × `height`. */
  const storePoster = async (id: string, width: number, height: number) => {
    const webp = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: '#2050d0' } })
        .webp()
        .toBuffer();
    const tile = await webp(Math.round((256 * width) / Math.max(width, height)), 256);
    const large = await webp(width, height);
    await testApi(h.server.baseUrl, asAdmin(h.token)).ok(uploadThumbnail, {
      body: { file_id: id, tile: tile.toString('base64'), large: large.toString('base64') },
    });
  };
  /** The card's size and its first pixel's colour. */
  const shapeOf = async (bytes: Buffer) => {
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, blue: (data[2] ?? 0) > 150 && (data[0] ?? 255) < 100 };
  };

  it('scales the card from the stored large thumbnail instead of the original', async () => {
    const { slug, id } = await uploadFile(h, 'dunes.png', await noisePng(2400, 1800), { mimetype: 'image/png' });
    await storePoster(id, 1024, 768);
    const card = await fetchBytes(cardOf(slug));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    // Scaled from the original, the card would be 1200 × 900 of noise.
    expect(await shapeOf(card.bytes)).toEqual({ width: 1024, height: 768, blue: true });
    expect(await views(id)).toBe(0);
  });

  it('gives a public video its stored poster as its card, and none without one', async () => {
    const bare = await uploadFile(h, 'bare.mp4', randomBytesOf(6000, 5), { mimetype: 'video/mp4' });
    const bareHtml = (await call(h.server.baseUrl, 'GET', `/file/${bare.slug}`)).text;
    expect(tag(bareHtml, 'og:image')).toBe(`${h.server.baseUrl}/icon-512.png`);
    expect((await fetchBytes(cardOf(bare.slug))).status).toBe(404);

    const { slug, id } = await uploadFile(h, 'launch.mp4', randomBytesOf(6000, 6), { mimetype: 'video/mp4' });
    await storePoster(id, 1024, 576);
    const html = (await call(h.server.baseUrl, 'GET', `/file/${slug}`)).text;
    expect(tag(html, 'og:image')).toBe(cardOf(slug));
    expect(tag(html, 'og:image:type')).toBe('image/jpeg');
    expect(tag(html, 'og:video:type')).toBe('video/mp4');
    const card = await fetchBytes(cardOf(slug));
    expect(card.status).toBe(200);
    expect(await shapeOf(card.bytes)).toEqual({ width: 1024, height: 576, blue: true });
    expect(await views(id)).toBe(0);
  });
});
