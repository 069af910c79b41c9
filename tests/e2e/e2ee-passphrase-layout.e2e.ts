// The passphrase screens of end-to-end encrypted shares fit 1280 and 390 px in English and Chinese
// without sideways scroll, their prompt keyboard-reachable: the options on the home and upload
// pages, the paste's and the file's passphrase prompts, and the prompt after a wrong passphrase.
import { expect, test, type Page } from '@playwright/test';
import { lockFor, newKdf } from '@shared/e2ee/lock';
import { secretFromPassphrase } from '@shared/e2ee/passphrase';
import { sealRecords } from '@shared/e2ee/records';
import { sealFile, sealPaste } from '@shared/e2ee/share';
import { adminCall, adminToken, unshareFile } from './support/admin-api';

test.use({ locale: 'en-US', colorScheme: 'light' });

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const PASSPHRASE = 'a long and quiet passphrase';

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the passphrase screens fit 1280 and 390 px in English and Chinese', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  // Cheap parameters: the screens are under test here, not Argon2id's cost.
  const kdf = newKdf({ memory: 8192, iterations: 1, parallelism: 1 });
  const secret = await secretFromPassphrase(PASSPHRASE, kdf);
  const paste = await adminCall(request, token, 'post', '/paste', {
    content: await sealPaste(secret, 'layout'),
    e2ee: true,
    e2eeLock: await lockFor(secret, kdf),
  });
  const pasteSlug = ((await paste.json()) as { data: { slug: string } }).data.slug;
  const plain = new TextEncoder().encode('layout file');
  const { header, recordKey } = await sealFile(
    secret,
    { name: 'plan.txt', type: 'text/plain', size: plain.length },
    kdf,
  );
  const records = Buffer.from(await sealRecords(recordKey, 0, plain, true));
  const presign = await request.post('/api/s3/presign', {
    headers: { authorization: `Bearer ${token}` },
    data: { filename: 'x.bin', mimetype: 'application/octet-stream', size: records.length, e2ee: header },
  });
  expect(presign.status()).toBe(201);
  const signed = ((await presign.json()) as { data: { upload_url: string; file_id: string } }).data;
  const put = await request.put(signed.upload_url, {
    headers: { 'content-type': 'application/octet-stream' },
    data: records,
  });
  const commit = await request.post('/api/s3/commit', {
    headers: { authorization: `Bearer ${token}` },
    data: { file_id: signed.file_id, etag: put.headers().etag ?? '', size: records.length },
  });
  const fileSlug = ((await commit.json()) as { data: { slug: string } }).data.slug;

  try {
    await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
    const problems: string[] = [];
    for (const language of ['en', 'zh']) {
      await page.goto('/');
      await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      const en = language === 'en';
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        const shot = async (name: string) => {
          const width = await scrollWidth(page);
          if (width > viewport.width) problems.push(`${name} ${language} ${viewport.width}px: ${width} px wide`);
          await page.screenshot({
            path: testInfo.outputPath(`${name}-${language}-${viewport.width}.png`),
            fullPage: true,
          });
        };
        for (const [path, name] of [
          ['/', 'home'],
          ['/upload', 'upload'],
        ] as const) {
          await page.goto(path);
          await page.getByLabel(en ? 'End-to-end encrypted' : '端到端加密').check();
          const field = page.getByLabel(
            en ? 'Passphrase instead of a key in the link (optional)' : '用口令代替链接中的密钥（可选）',
          );
          await field.fill(PASSPHRASE);
          await field.scrollIntoViewIfNeeded();
          await shot(`${name}-options`);
        }
        for (const [path, name, submit] of [
          [`/paste/${pasteSlug}`, 'paste', en ? 'Open paste' : '打开文本'],
          [`/file/${fileSlug}`, 'file', en ? 'Open file' : '打开文件'],
        ] as const) {
          await page.goto(path);
          const field = page.getByLabel(en ? 'Passphrase' : '口令', { exact: true });
          await expect(field).toBeFocused();
          await shot(`${name}-prompt`);
          // Keyboard only: type a wrong passphrase and press Enter.
          await page.keyboard.type('not it at all');
          await page.keyboard.press('Enter');
          await expect(page.getByText(en ? /^Wrong passphrase\./ : /^口令错误。/)).toBeVisible();
          await shot(`${name}-wrong`);
          await page.getByRole('button', { name: submit }).focus();
        }
      }
    }
    expect(problems).toEqual([]);
  } finally {
    await adminCall(
      request,
      token,
      'delete',
      `/admin/pastes/${((await paste.json()) as { data: { id: string } }).data.id}`,
    );
    await unshareFile(request, token, fileSlug);
  }
});
