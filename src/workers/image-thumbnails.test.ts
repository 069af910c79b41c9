import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  blobToBase64,
  browserImageTools,
  fitInside,
  jpegScale,
  jpegSize,
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

/** The start of a JPEG of width × height: SOI, an APP1 (EXIF) segment, a baseline frame header. */
function jpegOf(width: number, height: number): Blob {
  const exif = [0xff, 0xe1, 0x00, 0x10, ...new Array<number>(14).fill(0x45)];
  const frame = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const blob = new Blob([new Uint8Array([0xff, 0xd8, ...exif, ...frame, ...new Array<number>(32).fill(0)])], {
    type: 'image/jpeg',
  });
  // The test environment's Blob has no stream(), which browsers' have.
  return Object.assign(blob, { stream: () => new ReadableStream<Uint8Array>() });
}

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

  it('decodes a large JPEG at a reduced scale where WebCodecs can, upright, never below 1024 px', async () => {
    const browser = stubBrowser({ decoded: { width: 750, height: 1000 } });
    const inits: unknown[] = [];
    const closed: string[] = [];
    class FakeDecoder {
      static isTypeSupported = async (type: string) => type === 'image/jpeg';
      constructor(init: unknown) {
        inits.push(init);
      }
      // Stored 4000×3000 with orientation 6, decoded at 3/8 and shown upright.
      async decode() {
        return { image: { displayWidth: 1125, displayHeight: 1500, close: () => closed.push('frame') } };
      }
      close() {
        closed.push('decoder');
      }
    }
    vi.stubGlobal('ImageDecoder', FakeDecoder);
    const tools = browserImageTools();
    if (tools === undefined) throw new Error('no tools');
    const made = await makeImageThumbnails(jpegOf(4000, 3000), 'IMG_0002.JPG', tools);
    expect(made).not.toBeNull();
    // 3/8 is the least that keeps 1024 px of 4000; (3 + ½)/8 of each side asks for exactly that.
    expect(inits).toEqual([
      { data: expect.any(ReadableStream), type: 'image/jpeg', desiredWidth: 1750, desiredHeight: 1313 },
    ]);
    expect(browser.decodeOptions).toEqual([]);
    expect(browser.drawn.map(({ width, height }) => [width, height])).toEqual([
      [768, 1024],
      [192, 256],
    ]);
    expect(closed).toEqual(['frame', 'decoder']);
    // Nothing to gain from a JPEG of 1024 px or less, nor from another type: decoded whole.
    await makeImageThumbnails(jpegOf(1000, 750), 'small.jpg', tools);
    await makeImageThumbnails(new Blob([new Uint8Array(64)], { type: 'image/png' }), 'flat.png', tools);
    expect(inits).toHaveLength(1);
    expect(browser.decodeOptions).toHaveLength(2);
  });

  it('reads a JPEG’s size from its frame header, past its EXIF segment', async () => {
    expect(await jpegSize(jpegOf(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(await jpegSize(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0])]))).toBeNull();
    expect(await jpegSize(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 8, 1, 2, 3, 4, 5, 6])]))).toBeNull();
    expect(jpegScale({ width: 4000, height: 3000 }, 1024)).toBe(3);
    expect(jpegScale({ width: 3024, height: 4032 }, 1024)).toBe(3);
    expect(jpegScale({ width: 8192, height: 5464 }, 1024)).toBe(1);
    expect(jpegScale({ width: 1600, height: 1200 }, 1024)).toBe(6);
    expect(jpegScale({ width: 1000, height: 750 }, 1024)).toBe(8);
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
