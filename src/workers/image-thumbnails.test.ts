import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  blobToBase64,
  browserImageTools,
  fitInside,
  makeImageThumbnails,
  type ImageTools,
  type Raster,
} from './image-thumbnails';

type Drawn = { source: Raster; width: number; height: number };

/** OffscreenCanvas and createImageBitmap as a browser has them, recording what was asked. */
function stubBrowser({ decoded, encodes = 'image/webp' }: { decoded: Raster | Error; encodes?: string }) {
  const drawn: Drawn[] = [];
  const decodeOptions: unknown[] = [];
  const closed: Raster[] = [];
  class FakeCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        imageSmoothingQuality: 'low',
        drawImage: (source: Raster, _x: number, _y: number, width: number, height: number) =>
          drawn.push({ source, width, height }),
      };
    }
    async convertToBlob() {
      return new Blob([new Uint8Array(this.width)], { type: encodes });
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('createImageBitmap', async (_file: Blob, options: unknown) => {
    decodeOptions.push(options);
    if (decoded instanceof Error) throw decoded;
    return { ...decoded, close: () => closed.push(decoded) };
  });
  return { drawn, decodeOptions, closed };
}

const photo = new Blob([new Uint8Array(2048)], { type: 'image/jpeg' });

afterEach(() => vi.unstubAllGlobals());

describe('thumbnails made in the browser', () => {
  it('fits a size inside the box without enlarging it', () => {
    expect(fitInside(4000, 3000, 1024)).toEqual({ width: 1024, height: 768 });
    expect(fitInside(3000, 4000, 256)).toEqual({ width: 192, height: 256 });
    expect(fitInside(100, 50, 1024)).toEqual({ width: 100, height: 50 });
    expect(fitInside(10_000, 1, 256)).toEqual({ width: 256, height: 1 });
  });

  it('decodes with the EXIF orientation applied, draws 1024 px from the bitmap and the tile from that', async () => {
    // A phone photo stored 4000×3000 with orientation 6 decodes upright as 3000×4000.
    const browser = stubBrowser({ decoded: { width: 3000, height: 4000 } });
    const tools = browserImageTools();
    expect(tools).toBeDefined();
    if (tools === undefined) return;
    const made = await makeImageThumbnails(photo, 'IMG_0001.JPG', tools);
    expect(browser.decodeOptions).toEqual([{ imageOrientation: 'from-image' }]);
    expect(browser.drawn.map(({ width, height }) => [width, height])).toEqual([
      [768, 1024],
      [192, 256],
    ]);
    expect(browser.drawn[1]?.source).toMatchObject({ width: 768, height: 1024 });
    expect(browser.closed).toHaveLength(1);
    expect(made?.large.type).toBe('image/webp');
    expect(made?.tile.size).toBe(192);
  });

  it('gives none for a corrupt image, a file that is not an image, or a browser that cannot encode WebP', async () => {
    stubBrowser({ decoded: new DOMException('The source image could not be decoded.', 'InvalidStateError') });
    const broken = browserImageTools();
    expect(broken && (await makeImageThumbnails(photo, 'broken.jpg', broken))).toBeNull();

    const decode = vi.fn();
    const never: ImageTools<Raster> = { decode, draw: vi.fn() };
    expect(await makeImageThumbnails(photo, 'notes.txt', never)).toBeNull();
    expect(await makeImageThumbnails(photo, 'drawing.svg', never)).toBeNull();
    expect(await makeImageThumbnails(new Blob([]), 'empty.png', never)).toBeNull();
    expect(decode).not.toHaveBeenCalled();

    const png = stubBrowser({ decoded: { width: 50, height: 50 }, encodes: 'image/png' });
    const noWebp = browserImageTools();
    expect(noWebp && (await makeImageThumbnails(photo, 'small.png', noWebp))).toBeNull();
    expect(png.closed).toHaveLength(1);
  });

  it('gives none where the browser has no OffscreenCanvas', () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    expect(browserImageTools()).toBeUndefined();
  });

  it('turns bytes into base64 a chunk at a time', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    const text = await blobToBase64(new Blob([bytes]));
    expect(Uint8Array.from(atob(text), (c) => c.charCodeAt(0))).toEqual(bytes);
  });
});
