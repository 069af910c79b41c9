// Renders the PNG icons and favicon.ico in public/ from public/icon.svg with Debian's Chromium
// (through Playwright), for browsers and installers that take no SVG: the manifest's 192 and 512
// px icons, a maskable one (the mark inside the safe circle on a full-bleed background), the
// 180 px apple-touch-icon (square: iOS rounds it) and a 16/32/48 px favicon.ico.
// Run after changing the mark: `npx tsx scripts/render-icons.ts`; the outputs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const brand = '#0f766e';

/** The mark without its rounded tile, scaled around the centre onto a square background. */
function onSquare(svg: string, scale: number): string {
  const inner = svg
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect width="64" height="64"[^>]*\/>/, '');
  const offset = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

/** An ICO file holding PNG images (supported by every browser since IE 11). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

async function main(): Promise<void> {
  const svg = await readFile(`${publicDir}icon.svg`, 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const render = async (source: string, size: number): Promise<Buffer> => {
      await page.setViewportSize({ width: size, height: size });
      const url = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="${url}">`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    };
    await writeFile(`${publicDir}icon-192.png`, await render(svg, 192));
    await writeFile(`${publicDir}icon-512.png`, await render(svg, 512));
    await writeFile(`${publicDir}icon-maskable-512.png`, await render(onSquare(svg, 0.72), 512));
    await writeFile(`${publicDir}apple-touch-icon.png`, await render(onSquare(svg, 0.86), 180));
    const favicons = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await render(svg, size) })));
    await writeFile(`${publicDir}favicon.ico`, ico(favicons));
  } finally {
    await browser.close();
  }
}

await main();
