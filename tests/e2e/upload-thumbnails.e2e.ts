// Thumbnails the browser makes at every upload, end to end in Chromium on the local driver: a
// photo sent from the upload page has its thumbnails stored with the share (the server takes them),
// and a real video recorded in the page (MediaRecorder, WebM) uploaded from the explorer gets a
// frame as its thumbnail, shown in the grid; a video the browser cannot play keeps its icon; on a
// radosgw mount the grid loads thumbnails straight from storage (a redirect to a signed link,
// allowed by the bucket's CORS rule), never through the server. A video uploaded from a URL gets a
// frame too: the worker keeps its start as it streams by and the page takes the frame.
// Screenshots of the grid at 1280 and 390 px in English and Chinese.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { z } from 'zod';
import { ExplorerPage } from './pages/explorer.page';
import { UploadPage } from './pages/upload.page';
import { adminCall, adminToken, emptyFolder, envelope } from './support/admin-api';
import { E2E_PORT } from './support/env';
import { rgwFromEnv } from './support/rgw-env';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

const run = randomBytes(4).toString('hex');
const folder = `/local/e2e-thumbs-${run}`;
const s3Mount = `/e2e-thumbs-s3-${run}`;
let token = '';
const shares: string[] = [];

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: folder });
});

test.afterAll(async ({ request }) => {
  await adminCall(request, token, 'post', '/admin/fs/batch-remove', { paths: [folder] });
  await emptyFolder(request, token, `${s3Mount}/e2e-thumbs-${run}/`).catch(() => undefined);
  for (const id of shares) await adminCall(request, token, 'delete', `/admin/files/${id}`);
});

async function signIn(page: Page, language: 'en' | 'zh'): Promise<void> {
  await page.addInitScript(
    ({ token, language }) => {
      window.localStorage.setItem('admin_token', token);
      window.localStorage.setItem('language', language);
    },
    { token, language },
  );
}

/** A WebM of about a second of a moving square, recorded by Chromium's MediaRecorder in the page. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2D context');
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = '#1e6fd9';
        context.fillRect(0, 0, 320, 240);
        context.fillStyle = '#ffd400';
        context.fillRect((t / 5) % 260, 90, 60, 60);
        if (t < 1200) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('a photo sent from the upload page has its thumbnails stored with the share', async ({ page }) => {
  await signIn(page, 'en');
  const upload = new UploadPage(page);
  await upload.goto();
  const stored = page.waitForResponse(
    (response) => response.url().endsWith('/api/s3/thumbnail') && response.request().method() === 'POST',
  );
  // Stored 1600×1200 with EXIF orientation 6: upright it is 1200×1600, left half red on top. In
  // Chromium the worker decodes it at 6/8 (WebCodecs) and must still draw it upright.
  const red = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  await upload.fileInput.setInputFiles([{ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await upload.startButton.click();
  await upload.shareLink('holiday.jpg');
  const answer = await stored;
  expect(answer.status()).toBe(200);
  const { file_id: fileId } = z.object({ data: z.object({ file_id: z.string() }) }).parse(await answer.json()).data;
  shares.push(fileId);
  const sent = z.object({ tile: z.string(), large: z.string() }).parse(answer.request().postDataJSON());
  expect(await sharp(Buffer.from(sent.tile, 'base64')).metadata()).toMatchObject({
    format: 'webp',
    width: 192,
    height: 256,
  });
  const large = sharp(Buffer.from(sent.large, 'base64'));
  expect(await large.metadata()).toMatchObject({ width: 768, height: 1024 });
  const { data } = await large.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  /** Which of red and blue the pixel is mostly. */
  const colour = (x: number, y: number) => {
    const at = (y * 768 + x) * 3;
    const [r = 0, , b = 0] = data.subarray(at, at + 3);
    return r > 200 && b < 60 ? 'red' : b > 200 && r < 60 ? 'blue' : `r${r} b${b}`;
  };
  expect([colour(384, 256), colour(384, 768)]).toEqual(['red', 'blue']);
});

test('a video uploaded from a URL gets a frame near its start as its thumbnails', async ({ page }) => {
  await signIn(page, 'en');
  const upload = new UploadPage(page);
  await upload.goto();
  const webm = await recordWebm(page);
  // The remote site, with CORS: the browser downloads it itself, through the transfer worker.
  const site = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://site').pathname !== '/clip.webm') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'video/webm',
      'content-length': String(webm.length),
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-length',
    });
    response.end(request.method === 'HEAD' ? undefined : webm);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  try {
    const address = site.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/s3/thumbnail') && response.request().method() === 'POST',
    );
    await upload.uploadFromUrl(`http://127.0.0.2:${port}/clip.webm`);
    await upload.shareLink('clip.webm', 60_000);
    const answer = await stored;
    expect(answer.status()).toBe(200);
    const { file_id: fileId } = z.object({ data: z.object({ file_id: z.string() }) }).parse(await answer.json()).data;
    shares.push(fileId);
    const sent = z.object({ tile: z.string(), large: z.string() }).parse(answer.request().postDataJSON());
    expect(await sharp(Buffer.from(sent.tile, 'base64')).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 192,
    });
    expect(await sharp(Buffer.from(sent.large, 'base64')).metadata()).toMatchObject({ width: 320, height: 240 });
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});

test('a video uploaded from the explorer shows a frame of it in the grid; one the browser cannot play keeps its icon', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'en');
  const explorer = new ExplorerPage(page);
  await page.goto(`/mount-explorer${folder}`);
  await expect(page.locator('.explorer input[type="file"]')).toBeAttached();
  const webm = await recordWebm(page);
  expect(webm.length).toBeGreaterThan(1000);
  await explorer.fileInput.setInputFiles([
    { name: 'clip.webm', mimeType: 'video/webm', buffer: webm },
    { name: 'broken.webm', mimeType: 'video/webm', buffer: Buffer.from('not a video at all') },
  ]);
  await expect(page.locator('.explorer-upload[data-status="done"]')).toHaveCount(2);
  const thumb = await request.get(`/api/admin/fs/thumbnail?${new URLSearchParams({ path: `${folder}/clip.webm` })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(thumb.status()).toBe(200);
  expect(await sharp(await thumb.body()).metadata()).toMatchObject({ format: 'webp', width: 256, height: 192 });
  const none = await request.get(`/api/admin/fs/thumbnail?${new URLSearchParams({ path: `${folder}/broken.webm` })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(none.status()).toBe(404);

  await page.locator('.segmented button').nth(1).click();
  await expect(explorer.entry('clip.webm').locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/);
  await expect(explorer.entry('broken.webm').locator('svg.entry-icon')).toHaveAttribute('data-kind', 'video');
  for (const language of ['en', 'zh'] as const) {
    if (language === 'zh') {
      await page.addInitScript(() => window.localStorage.setItem('language', 'zh'));
      await page.reload();
      await page.locator('.segmented button').nth(1).click();
      await expect(explorer.entry('clip.webm').locator('img.entry__thumb')).toHaveAttribute('src', /^blob:/);
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await explorer.expectNoSideScroll();
      await page.screenshot({ path: testInfo.outputPath(`video-grid-${language}-${width}.png`), fullPage: true });
    }
  }
});

test('on a radosgw mount the grid loads thumbnails from storage itself, through the redirect', async ({
  page,
  request,
}) => {
  const rgw = rgwFromEnv();
  const created = await adminCall(request, token, 'post', '/s3-configs', {
    name: `radosgw-thumbs-${run}`,
    provider_type: 'Other S3 Compatible',
    endpoint_url: rgw.endpoint,
    bucket_name: rgw.bucket,
    access_key_id: rgw.accessKeyId,
    secret_access_key: rgw.secretAccessKey,
    path_style: true,
  });
  const { id } = envelope(z.object({ id: z.string() })).parse(await created.json()).data;
  await adminCall(request, token, 'post', `/s3-configs/${id}/apply-cors`, { origin: `http://localhost:${E2E_PORT}` });
  await adminCall(request, token, 'post', '/admin/mounts', {
    name: `thumbs-s3-${run}`,
    storage_type: 's3',
    storage_config_id: id,
    mount_path: s3Mount,
    cache_ttl: 0,
  });
  const inside = `${s3Mount}/e2e-thumbs-${run}`;
  await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: `${inside}/` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'en');
  const explorer = new ExplorerPage(page);
  await page.goto(`/mount-explorer${inside}`);
  await expect(page.locator('.explorer input[type="file"]')).toBeAttached();
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b0306a' } })
    .jpeg()
    .toBuffer();
  await explorer.fileInput.setInputFiles([{ name: 'stored.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(page.locator('.explorer-upload[data-status="done"]')).toHaveCount(1);
  const fromStorage = page.waitForResponse(
    (response) => response.url().startsWith(rgw.endpoint) && response.url().includes('.clipdock-thumbs/'),
  );
  await page.locator('.segmented button').nth(1).click();
  const thumb = explorer.entry('stored.jpg').locator('img.entry__thumb');
  await expect(thumb).toHaveAttribute('src', /^blob:/);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  const answer = await fromStorage;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/webp');
  expect(answer.request().redirectedFrom()?.url()).toContain('/api/admin/fs/thumbnail');
});
