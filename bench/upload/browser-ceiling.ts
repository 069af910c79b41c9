// The browser's own ceiling for one upload: a single presigned XMLHttpRequest PUT of the whole
// file from a plain page of the app's origin (CORS as the app uses it), in the same Chromium as
// the engine. No worker, no parts, no API calls: what Chromium alone can push into the gateway.
// `body: 'slice'` sends `file.slice(0, size)` instead: the same bytes as a Blob rather than the
// File. Chromium uploads a File by its path (the network service reads the file itself) but any
// Blob slice through the browser process's blob reader, so this is the ceiling of every upload
// cut into parts, which a resumable multipart upload has to be.
import { setTimeout as delay } from 'node:timers/promises';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Browser } from '@playwright/test';

const PUT_TIMEOUT_MS = 600_000;

export type CeilingPut = { seconds: number; key: string };
export type CeilingBody = 'file' | 'slice';

export async function singlePutInBrowser(
  browser: Browser,
  job: { baseUrl: string; client: S3Client; bucket: string; path: string; key: string; body: CeilingBody },
): Promise<CeilingPut> {
  const url = await getSignedUrl(job.client, new PutObjectCommand({ Bucket: job.bucket, Key: job.key }), {
    expiresIn: 3600,
  });
  const context = await browser.newContext({ baseURL: job.baseUrl });
  try {
    const page = await context.newPage();
    // A plain document of the app's origin: the bucket's CORS rule allows it, as for the engine.
    await page.goto('/robots.txt');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      document.body.append(input);
    });
    await page.locator('input[type="file"]').setInputFiles(job.path);
    const put = page.evaluate(
      ({ target, body }) =>
        new Promise<{ ms: number; status: number }>((resolve) => {
          const input = document.querySelector('input');
          const file = input?.files?.[0];
          if (!file) return resolve({ ms: 0, status: -1 });
          const xhr = new XMLHttpRequest();
          const started = performance.now();
          xhr.open('PUT', target);
          xhr.onloadend = () => resolve({ ms: performance.now() - started, status: xhr.status });
          xhr.send(body === 'file' ? file : file.slice(0, file.size));
        }),
      { target: url, body: job.body },
    );
    const result = await Promise.race([put, delay(PUT_TIMEOUT_MS, null, { ref: false })]);
    if (result === null) throw new Error(`single PUT did not finish in ${PUT_TIMEOUT_MS / 1000} s`);
    if (result.status !== 200) throw new Error(`single PUT from the page answered HTTP ${result.status}`);
    return { seconds: result.ms / 1000, key: job.key };
  } finally {
    await context.close();
  }
}
