// No screen scrolls sideways and no button is cut off, at 1280 px and at 390 px, in English and in
// Chinese. The lists hold rows with long names and every action they can carry (an S3 storage shows
// "Apply CORS for this site" and "Set as default" beside Delete).
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { adminCall, adminToken, envelope, shareFile, unshareFile } from './support/admin-api';
import { rgwFromEnv } from './support/rgw-env';
import { screenAddresses } from './support/screens';

test.use({ locale: 'en-US', colorScheme: 'light' });

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Overflow = { scrollWidth: number; cut: string[] };

/** The page's width and every visible control that lies outside the viewport or outside a clipping ancestor. */
async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const cut: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('main button, main a, main input, main select')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      if (box.left < -0.5 || box.right > width + 0.5) {
        cut.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`);
        continue;
      }
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.right > clip.right + 0.5 || box.left < clip.left - 0.5)
          cut.push(`${name}: cut by ${parent.tagName.toLowerCase()}.${parent.className}`);
        break;
      }
    }
    // A placeholder wider than its field is cut off mid-word.
    const context = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll<HTMLInputElement>('main input[placeholder]')) {
      const style = getComputedStyle(input);
      if (!context || input.offsetWidth === 0) continue;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const needed = context.measureText(input.placeholder).width;
      if (needed > room)
        cut.push(`placeholder "${input.placeholder}": ${Math.round(needed)} px in ${Math.round(room)}`);
    }
    // A table wider than its column hides its last cells behind the next column or the page's edge.
    for (const table of document.querySelectorAll<HTMLElement>('main table')) {
      const parent = table.parentElement;
      // The chart's table for screen readers sits in a visually hidden box.
      if (!parent || parent.getBoundingClientRect().width <= 1) continue;
      const box = table.getBoundingClientRect();
      const room = parent.getBoundingClientRect();
      if (box.right > room.right + 0.5)
        cut.push(
          `${table.getAttribute('aria-label') ?? table.className}: ${Math.round(box.width)} px in ${Math.round(room.width)}`,
        );
    }
    // Scrolled to the end, nothing of the page lies under the floating Tasks and Basket buttons (phones).
    const floating = document.querySelector('body > .shell-panels');
    if (floating) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const over = floating.getBoundingClientRect();
      for (const element of document.querySelectorAll<HTMLElement>(
        'main button, main a, main label, main input, main td, main li, footer a',
      )) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const hit = box.left < over.right && box.right > over.left && box.top < over.bottom && box.bottom > over.top;
        if (hit)
          cut.push(
            `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}" under the floating buttons`,
          );
      }
      window.scrollTo(0, 0);
    }
    return { scrollWidth: document.documentElement.scrollWidth, cut };
  });
}

test('every main screen and admin module fits 1280 and 390 px in English and Chinese', async ({
  page,
  request,
}, testInfo) => {
  // 2 languages × 2 widths × 15 screens on a machine that may be busy.
  test.setTimeout(420_000);
  const token = await adminToken(request);
  const stamp = Date.now().toString(36);
  const rgw = rgwFromEnv();
  const config = await adminCall(request, token, 'post', '/s3-configs', {
    name: `layout-fit-s3-storage-with-a-long-name-${stamp}`,
    provider_type: 'Other S3 Compatible',
    endpoint_url: rgw.endpoint,
    bucket_name: rgw.bucket,
    access_key_id: rgw.accessKeyId,
    secret_access_key: rgw.secretAccessKey,
    path_style: true,
  });
  const configId = envelope(z.object({ id: z.string() })).parse(await config.json()).data.id;
  const key = await adminCall(request, token, 'post', '/admin/api-keys', {
    name: `layout-fit-key-with-a-long-name-${stamp}`,
    text_permission: true,
    file_permission: true,
    mount_permission: true,
    basic_path: '/layout-fit/projects/2026/customers/acme-corporation/deliverables',
  });
  const keyId = envelope(z.object({ id: z.string() })).parse(await key.json()).data.id;
  const paste = await adminCall(request, token, 'post', '/paste', {
    content: `# Layout ${stamp}\n\n${'A long line of text without breaks '.repeat(20)}`,
    remark: 'a remark that is long enough to need more room than a narrow column gives it',
  });
  const slug = await shareFile(request, token, `layout-fit-a-file-with-a-long-name-${stamp}.md`, '# Notes\n');
  const mount = await adminCall(request, token, 'post', '/admin/mounts', {
    name: `Layout fit mount ${stamp}`,
    storage_type: 's3',
    storage_config_id: configId,
    mount_path: `/layout-fit-${stamp}`,
    remark: 'a mount with a remark',
  });
  const mountId = envelope(z.object({ id: z.string() })).parse(await mount.json()).data.id;
  const pasteSlug = envelope(z.object({ slug: z.string() })).parse(await paste.json()).data.slug;
  // A folder of its own at the bucket's root, which other tests' mounts share.
  const own = `/layout-fit-${stamp}/layout-fit-${stamp}`;
  const folder = `${own}/a-folder-with-a-long-name-for-the-breadcrumbs`;
  let requestId: string | undefined;

  try {
    await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: own });
    await adminCall(request, token, 'post', '/admin/fs/mkdir', { path: folder });
    const fileRequest = await adminCall(request, token, 'post', '/file-requests', {
      path: folder,
      title: 'Send us the signed contracts for the project, every page scanned',
      message: 'A message long enough to wrap on a phone. '.repeat(4),
    });
    const requested = envelope(z.object({ id: z.string(), slug: z.string() })).parse(await fileRequest.json()).data;
    requestId = requested.id;
    await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
    // Every screen of the app (a route without one fails tests/unit/screen-checklist.test.ts).
    const paths = screenAddresses({
      pasteSlug,
      fileSlug: slug,
      folder: folder.slice(1),
      requestSlug: requested.slug,
    });
    const problems: string[] = [];
    for (const language of ['en', 'zh']) {
      await page.goto('/');
      await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        for (const path of paths) {
          await page.goto(path);
          await expect(page).toHaveTitle(/ · Clipdock$/);
          await page.waitForLoadState('networkidle');
          await expect(page.locator('main')).not.toContainText(/Loading|加载中/);
          const { scrollWidth, cut } = await measure(page);
          const where = `${path} ${language} ${viewport.width}px`;
          if (scrollWidth > viewport.width) problems.push(`${where}: the page is ${scrollWidth} px wide`);
          for (const control of cut) problems.push(`${where}: ${control}`);
          const file = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${language}-${viewport.width}.png`;
          await page.screenshot({ path: testInfo.outputPath(file), fullPage: true });
        }
      }
    }
    expect(problems).toEqual([]);
  } finally {
    if (requestId !== undefined) await adminCall(request, token, 'delete', `/file-requests/${requestId}`);
    await adminCall(request, token, 'delete', `/admin/fs/remove?path=${encodeURIComponent(`${own}/`)}`);
    await adminCall(request, token, 'delete', `/admin/mounts/${mountId}`);
    await adminCall(request, token, 'delete', `/s3-configs/${configId}`);
    await adminCall(request, token, 'post', '/admin/api-keys/batch-delete', { ids: [keyId] });
    await unshareFile(request, token, slug);
  }
});
