// A public picture's link card is scaled from it (at most 1200 px, a JPEG), on the local driver and
// on radosgw: served by /api/card-image without spending a view, the same bytes again from the
// cache, a small picture never enlarged, a file that is not a picture after all answered 404.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardImage } from '@shared/api/share-card.endpoints';
import { testApi } from '@tests/integration/support/api';
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
});
