// The explorer as a photo library, end to end on the local driver: a folder of 90 photos in the
// gallery draws only the cards in view, each from the server's WebP thumbnail (never the original);
// the preview fills the window and moves with the arrow keys, a swipe and its buttons, and Escape
// closes it; an image uploaded from the explorer gets its thumbnails from the browser, upright; list
// and grid draw an icon per kind of file. Screenshots at 1280 and 390 px in English and Chinese.
import { emptyFolder } from './support/admin-api';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { z } from 'zod';
import { ExplorerPage } from './pages/explorer.page';
import { E2E_ADMIN } from './support/env';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ data });
const mountPath = `/e2e-gallery-${randomBytes(4).toString('hex')}`;
const PHOTOS = 90;
let token = '';

const photoName = (i: number) => `photo-${String(i).padStart(3, '0')}.jpg`;

async function photo(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${hue},70%,55%)"/><text x="400" y="330" font-size="160" text-anchor="middle" fill="white">${i}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function setUp(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  token = envelope(z.object({ token: z.string() })).parse(await login.json()).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const configs = envelope(z.array(z.object({ id: z.string(), driver: z.string() }))).parse(
    await (await request.get('/api/s3-configs', { headers })).json(),
  ).data;
  const local = configs.find((config) => config.driver === 'local');
  const created = await request.post('/api/admin/mounts', {
    headers,
    data: {
      name: 'E2E gallery',
      storage_type: 'local',
      storage_config_id: local?.id,
      mount_path: mountPath,
      cache_ttl: 0,
    },
  });
  expect(created.status()).toBe(201);
  expect((await request.post('/api/admin/fs/mkdir', { headers, data: { path: `${mountPath}/photos` } })).status()).toBe(
    201,
  );
  for (let i = 1; i <= PHOTOS; i += 1) {
    const uploaded = await request.post('/api/admin/fs/upload', {
      headers,
      multipart: {
        path: `${mountPath}/photos`,
        file: { name: photoName(i), mimeType: 'image/jpeg', buffer: await photo(i) },
      },
    });
    expect(uploaded.status()).toBe(201);
  }
}

async function signIn(page: Page, language: 'en' | 'zh' = 'en'): Promise<void> {
  await page.addInitScript(
    ({ token, language }) => {
      window.localStorage.setItem('admin_token', token);
      window.localStorage.setItem('language', language);
    },
    { token, language },
  );
}

async function openGallery(page: Page): Promise<ExplorerPage> {
  const explorer = new ExplorerPage(page);
  await page.goto(`/mount-explorer${mountPath}/photos`);
  await page.locator('.segmented button').nth(2).click();
  await expect(page.locator('.entries--gallery')).toBeVisible();
  return explorer;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await setUp(request);
});
// The mount shows the local storage's root, as other tests' mounts do: leave it as it was found.
test.afterAll(async ({ request }) => emptyFolder(request, token, `${mountPath}/`));

test('the gallery draws the cards in view from WebP thumbnails; the preview moves with the keys', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const originals: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/blob/') || url.pathname.endsWith('/fs/download')) originals.push(url.pathname);
  });
  const explorer = await openGallery(page);
  await expect(explorer.link(photoName(1))).toBeVisible();
  // Thumbnails arrive (the server's queue makes them) as object URLs of WebP bytes.
  const firstThumb = explorer.entry(photoName(1)).locator('img.entry__thumb');
  await expect(firstThumb).toHaveAttribute('src', /^blob:/, { timeout: 45_000 });
  await expect(explorer.entry(photoName(8)).locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/, {
    timeout: 45_000,
  });
  expect(await firstThumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  // Virtualised: far fewer cards in the page than photos in the folder.
  const drawn = await page.locator('.entries [role="listitem"]').count();
  expect(drawn).toBeGreaterThan(4);
  expect(drawn).toBeLessThan(PHOTOS / 2);
  expect(originals, 'no original is fetched for a tile').toEqual([]);
  await explorer.expectNoSideScroll();
  await page.screenshot({ path: testInfo.outputPath('gallery-en-1280.png') });

  await explorer.link(photoName(1)).click();
  const dialog = page.locator('.dialog--fullscreen');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`1 of ${PHOTOS}`)).toBeVisible();
  await expect(dialog.locator('.preview-dialog__large img')).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('gallery-preview-en-1280.png') });
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`2 of ${PHOTOS}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`preview=${photoName(2)}`));
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`3 of ${PHOTOS}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`2 of ${PHOTOS}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(`3 of ${PHOTOS}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(originals, 'the preview shows the large thumbnail, not the original').toEqual([]);

  // Scrolling to the end draws the last cards, and their thumbnails come too.
  await page.keyboard.press('End');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(explorer.link(photoName(PHOTOS))).toBeVisible();
  await expect(explorer.entry(photoName(PHOTOS)).locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/, {
    timeout: 45_000,
  });
  expect(await page.locator('.entries [role="listitem"]').count()).toBeLessThan(PHOTOS / 2);
});

test('a swipe moves the preview at 390 px with touch, in English and Chinese', async ({ browser }, testInfo) => {
  for (const language of ['en', 'zh'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, language);
    const explorer = await openGallery(page);
    await expect(explorer.entry(photoName(2)).locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/, {
      timeout: 45_000,
    });
    await explorer.expectNoSideScroll();
    await page.screenshot({ path: testInfo.outputPath(`gallery-${language}-390.png`) });
    await explorer.link(photoName(1)).click();
    const position = (n: number) => (language === 'en' ? `${n} of ${PHOTOS}` : `第 ${n} 个，共 ${PHOTOS} 个`);
    const dialog = page.locator('.dialog--fullscreen');
    await expect(dialog.getByText(position(1))).toBeVisible();
    const swipe = (from: number, to: number) =>
      dialog.locator('.preview-dialog__body').evaluate(
        (body, { from, to }) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: body, clientX: x, clientY: 400 });
          body.dispatchEvent(
            new TouchEvent('touchstart', { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }),
          );
          body.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }));
        },
        { from, to },
      );
    await swipe(300, 80);
    await expect(dialog.getByText(position(2))).toBeVisible();
    await swipe(80, 300);
    await expect(dialog.getByText(position(1))).toBeVisible();
    await swipe(200, 180);
    await expect(dialog.getByText(position(1))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`gallery-preview-${language}-390.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  }
});

test('an image uploaded from the explorer gets upright thumbnails from the browser; icons show each kind', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'zh');
  const explorer = new ExplorerPage(page);
  await page.goto(`/mount-explorer${mountPath}`);
  await expect(page.locator('.explorer input[type="file"]')).toBeAttached();
  // Stored 600×300 with EXIF orientation 6: upright it is 300 wide and 600 high.
  const rotated = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#c83232' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  await explorer.fileInput.setInputFiles([
    { name: 'rotated.jpg', mimeType: 'image/jpeg', buffer: rotated },
    { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('text') },
    { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('video') },
    { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('audio') },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    { name: 'main.ts', mimeType: 'text/plain', buffer: Buffer.from('export {}') },
    { name: 'backup.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') },
    { name: 'budget.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
    { name: 'firmware.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
  ]);
  await expect(page.locator('.explorer-upload[data-status="done"]')).toHaveCount(10);
  const headers = { authorization: `Bearer ${token}` };
  // The browser sent both sizes with the file: the first request is a 200, upright.
  const large = await request.get(
    `/api/admin/fs/thumbnail?${new URLSearchParams({ path: `${mountPath}/rotated.jpg`, size: 'large' })}`,
    { headers },
  );
  expect(large.status()).toBe(200);
  expect(await sharp(await large.body()).metadata()).toMatchObject({ format: 'webp', width: 300, height: 600 });
  // The corrupt image uploaded all the same.
  await expect(explorer.link('broken.jpg')).toBeVisible();

  const kinds = {
    'rotated.jpg': 'image',
    'notes.txt': 'text',
    'clip.mp4': 'video',
    'song.mp3': 'audio',
    'report.pdf': 'pdf',
    'main.ts': 'code',
    'backup.zip': 'archive',
    'budget.xlsx': 'office',
    'firmware.bin': 'other',
  };
  await page.locator('.segmented button').nth(0).click();
  for (const [name, kind] of Object.entries(kinds))
    await expect(explorer.entry(name).locator('svg.entry-icon')).toHaveAttribute('data-kind', kind);
  await page.screenshot({ path: testInfo.outputPath('icons-zh-1280.png'), fullPage: true });
  await page.locator('.segmented button').nth(1).click();
  await expect(explorer.entry('rotated.jpg').locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/);
  await expect(explorer.entry('report.pdf').locator('svg.entry-icon')).toHaveAttribute('data-kind', 'pdf');
  await explorer.expectNoSideScroll();
  await page.screenshot({ path: testInfo.outputPath('grid-zh-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await explorer.expectNoSideScroll();
  await page.screenshot({ path: testInfo.outputPath('grid-zh-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openGallery(page);
  await expect(explorer.entry(photoName(1)).locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/);
  await explorer.expectNoSideScroll();
  await page.screenshot({ path: testInfo.outputPath('gallery-zh-1280.png') });
});
