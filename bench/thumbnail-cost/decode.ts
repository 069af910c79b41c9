// Which way Chromium decodes a 12-megapixel JPEG fastest for a 1024 px thumbnail, in a dedicated
// worker as the transfer worker does: createImageBitmap whole, createImageBitmap with resize
// options, and WebCodecs ImageDecoder with desiredWidth/desiredHeight; then what the two WebP
// encodes cost. Prints the size each way gives (did it decode at scale?) and whether it applied
// the EXIF orientation (a photo stored 4000×3000 with orientation 6 is upright 3000×4000).
// Options: --rounds=<n> (default 5): every figure is the median of n, with the load average.
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { launchChromium } from '@bench/upload/chromium';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(args.rounds);

async function photo(orientation?: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const jpeg = sharp(grain).resize(4000, 3000, { kernel: 'cubic' }).modulate({ saturation: 1.4 }).jpeg({ quality: 90 });
  return (orientation === undefined ? jpeg : jpeg.withMetadata({ orientation })).toBuffer();
}

// Runs in the worker: every step timed with performance.now(), medians sent back.
const workerSource = `
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
async function time(rounds, step) {
  const took = []; let out;
  for (let i = 0; i < rounds; i += 1) { const t = performance.now(); out = await step(); took.push(performance.now() - t); }
  return { ms: median(took), out };
}
async function encode(source, width, height, quality) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
  return { canvas, bytes: blob.size };
}
self.onmessage = async ({ data: { rounds } }) => {
  const results = [];
  const plain = await (await fetch('/photo.jpg')).blob();
  const rotated = await (await fetch('/rotated.jpg')).blob();
  const size = (b) => b.width + 'x' + b.height;
  for (const [name, blob] of [['plain', plain], ['orientation 6', rotated]]) {
    const full = await time(rounds, async () => { const b = await createImageBitmap(blob, { imageOrientation: 'from-image' }); const s = size(b); b.close(); return s; });
    results.push({ photo: name, way: 'createImageBitmap, whole', ms: full.ms, gives: full.out });
    for (const quality of ['high', 'medium', 'low']) {
      const w = name === 'plain' ? 1024 : 768; const h = name === 'plain' ? 768 : 1024;
      const r = await time(rounds, async () => { const b = await createImageBitmap(blob, { imageOrientation: 'from-image', resizeWidth: w, resizeHeight: h, resizeQuality: quality }); const s = size(b); b.close(); return s; });
      results.push({ photo: name, way: 'createImageBitmap resize ' + w + 'x' + h + ' ' + quality, ms: r.ms, gives: r.out });
    }
    if (typeof ImageDecoder === 'function') {
      for (const [w, h] of [[1024, 768], [1536, 1152], [768, 1024], [1024, 1024]]) {
        const r = await time(rounds, async () => {
          const decoder = new ImageDecoder({ data: await blob.arrayBuffer(), type: 'image/jpeg', desiredWidth: w, desiredHeight: h });
          const { image } = await decoder.decode();
          const s = image.codedWidth + 'x' + image.codedHeight + ' shown ' + image.displayWidth + 'x' + image.displayHeight + ' rotation ' + (image.rotation ?? '-') + ' flip ' + (image.flip ?? '-');
          // What drawImage makes of it (does it apply the rotation?).
          const c = new OffscreenCanvas(8, 8); const x = c.getContext('2d'); x.drawImage(image, 0, 0);
          image.close(); decoder.close();
          return s;
        });
        results.push({ photo: name, way: 'ImageDecoder desired ' + w + 'x' + h, ms: r.ms, gives: r.out });
      }
    } else results.push({ photo: name, way: 'ImageDecoder', ms: 0, gives: 'not available (secure context? worker?)' });
  }
  const bitmap = await createImageBitmap(plain, { imageOrientation: 'from-image' });
  const large = await time(rounds, () => encode(bitmap, 1024, 768, 0.78));
  results.push({ photo: 'plain', way: 'draw 4000x3000 into 1024x768 + WebP q0.78', ms: large.ms, gives: large.out.bytes + ' B' });
  const small = await createImageBitmap(plain, { resizeWidth: 1024, resizeHeight: 768, resizeQuality: 'high' });
  for (const q of [0.78, 0.6]) {
    const e = await time(rounds, () => encode(small, 1024, 768, q));
    results.push({ photo: 'plain', way: 'WebP 1024x768 q' + q + ' (from a 1024 bitmap)', ms: e.ms, gives: e.out.bytes + ' B' });
  }
  const e768 = await time(rounds, () => encode(small, 768, 576, 0.78));
  results.push({ photo: 'plain', way: 'draw + WebP 768x576 q0.78', ms: e768.ms, gives: e768.out.bytes + ' B' });
  const tile = await time(rounds, () => encode(small, 256, 192, 0.72));
  results.push({ photo: 'plain', way: 'draw + WebP 256x192 q0.72 (tile)', ms: tile.ms, gives: tile.out.bytes + ' B' });
  const jpeg = await time(rounds, async () => { const c = new OffscreenCanvas(1024, 768); c.getContext('2d').drawImage(small, 0, 0); return (await c.convertToBlob({ type: 'image/jpeg', quality: 0.78 })).size; });
  results.push({ photo: 'plain', way: 'JPEG 1024x768 q0.78 (for comparison)', ms: jpeg.ms, gives: jpeg.out + ' B' });
  // Orientation: drawn as each way gives it, is red above blue?
  const halves = await (await fetch('/oriented.jpg')).blob();
  const upright = (source, width, height) => {
    const c = new OffscreenCanvas(width, height); const x = c.getContext('2d'); x.drawImage(source, 0, 0, width, height);
    const top = x.getImageData(width / 2, height / 4, 1, 1).data; const bottom = x.getImageData(width / 2, (3 * height) / 4, 1, 1).data;
    return width + 'x' + height + (top[0] > 200 && top[2] < 60 && bottom[2] > 200 && bottom[0] < 60 ? ' upright' : ' NOT upright (top ' + top.slice(0, 3).join(',') + ', bottom ' + bottom.slice(0, 3).join(',') + ')');
  };
  const b1 = await createImageBitmap(halves, { imageOrientation: 'from-image' });
  results.push({ photo: 'halves, orientation 6', way: 'createImageBitmap from-image', ms: 0, gives: upright(b1, b1.width, b1.height) });
  const b2 = await createImageBitmap(halves, { imageOrientation: 'from-image', resizeWidth: 600, resizeHeight: 800 });
  results.push({ photo: 'halves, orientation 6', way: 'createImageBitmap from-image resize 600x800', ms: 0, gives: upright(b2, b2.width, b2.height) });
  if (typeof ImageDecoder === 'function') {
    for (const [w, h] of [[800, 600], [1600, 1600]]) {
      const decoder = new ImageDecoder({ data: await halves.arrayBuffer(), type: 'image/jpeg', desiredWidth: w, desiredHeight: h });
      const { image } = await decoder.decode();
      results.push({ photo: 'halves, orientation 6', way: 'ImageDecoder desired ' + w + 'x' + h + ' (coded ' + image.codedWidth + 'x' + image.codedHeight + ', rotation ' + image.rotation + ')', ms: 0, gives: upright(image, image.displayWidth, image.displayHeight) + '; via createImageBitmap(frame): ' + await createImageBitmap(image).then((b) => upright(b, b.width, b.height)) });
      image.close(); decoder.close();
    }
  }
  postMessage(results);
};
`;

/** 1600×1200 stored, left half red and right half blue, orientation 6: upright it is red above blue, 1200×1600. */
async function halves(): Promise<Buffer> {
  const red = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const [plain, rotated, oriented] = await Promise.all([photo(), photo(6), halves()]);
const server = createServer((request, response) => {
  const body =
    request.url === '/photo.jpg'
      ? plain
      : request.url === '/oriented.jpg'
        ? oriented
        : request.url === '/rotated.jpg'
          ? rotated
          : request.url === '/probe.js'
            ? workerSource
            : '<!doctype html><title>probe</title>';
  const type = request.url?.endsWith('.jpg')
    ? 'image/jpeg'
    : request.url === '/probe.js'
      ? 'text/javascript'
      : 'text/html';
  response.writeHead(200, { 'content-type': type });
  response.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  process.stdout.write(
    `${browser.version()}, JPEG ${(plain.length / 1024 / 1024).toFixed(1)} MiB, medians of ${rounds}, load before ${loadavg()[0]?.toFixed(2)}\n`,
  );
  const results = await page.evaluate(
    (n) =>
      new Promise<Array<{ photo: string; way: string; ms: number; gives: string }>>((resolve) => {
        const worker = new Worker('/probe.js');
        worker.onmessage = (event) => resolve(event.data);
        worker.postMessage({ rounds: n });
      }),
    rounds,
  );
  process.stdout.write('| photo | way | ms (median) | gives |\n| --- | --- | --- | --- |\n');
  for (const r of results) process.stdout.write(`| ${r.photo} | ${r.way} | ${r.ms.toFixed(0)} | ${r.gives} |\n`);
  process.stdout.write(`load after ${loadavg()[0]?.toFixed(2)}\n`);
} finally {
  await browser.close();
  server.close();
}
