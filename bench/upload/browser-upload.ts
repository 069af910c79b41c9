// One upload through the real upload page in Chromium: signed in as admin, the file chosen with
// setInputFiles, timed in the page from the click on "Upload (1)" to the share link, with the
// memory and CPU of every process involved sampled over the same window.
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, Page, Request } from '@playwright/test';
import { startMeters, type Measured, type MeterTargets } from './browser-meters';

/** Ms after the click; `sendMs`: when the body started (after the CORS preflight and connection). */
export type PartTiming = { startMs: number; sendMs: number; endMs: number };

/** One JSON call to the server (multipart init, complete, commit…), by path. */
export type ApiTiming = { path: string; ms: number };

export type BrowserUpload = Measured & {
  seconds: number;
  /** Storage PUTs seen by Chromium. */
  parts: PartTiming[];
  api: ApiTiming[];
};

export type BrowserUploadJob = MeterTargets & {
  baseUrl: string;
  token: string;
  path: string;
  storageOrigin: string;
  /** Tick "End-to-end encrypted" first: the worker seals the file on its way (bench/upload/e2ee.ts). */
  encrypted?: boolean;
};

type PageMarks = { timeOrigin: number; clickedAt: number; doneAt: number; failure: string | null };

const UPLOAD_TIMEOUT_MS = 600_000;

/** Installs, before the click, a listener for the click and an observer for the link or an error. */
function watchUpload(page: Page) {
  return page.evaluateHandle(() => {
    let clickedAt = 0;
    document.addEventListener('click', () => (clickedAt ||= performance.now()), { capture: true });
    const done = new Promise<PageMarks>((resolve) => {
      const observer = new MutationObserver(() => {
        const link = document.querySelector('.upload-row [data-testid="share-link"]');
        const failed = document.querySelector('.upload-row[data-status="error"]');
        if (link === null && failed === null) return;
        observer.disconnect();
        resolve({
          timeOrigin: performance.timeOrigin,
          clickedAt,
          doneAt: performance.now(),
          failure: failed?.textContent ?? null,
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    return { done };
  });
}

/** Request timings (wall-clock ms) relative to `originMs`. */
function partTimings(requests: readonly Request[], originMs: number): PartTiming[] {
  return requests
    .map((request) => {
      const { startTime, requestStart, responseEnd } = request.timing();
      return {
        startMs: startTime - originMs,
        sendMs: startTime + Math.max(0, requestStart) - originMs,
        endMs: startTime + responseEnd - originMs,
      };
    })
    .sort((a, b) => a.startMs - b.startMs);
}

function apiTimings(requests: readonly Request[]): ApiTiming[] {
  return requests.map((request) => ({
    path: new URL(request.url()).pathname.replace(/^\/api\//, ''),
    ms: Math.round(request.timing().responseEnd),
  }));
}

export async function uploadInBrowser(browser: Browser, job: BrowserUploadJob): Promise<BrowserUpload> {
  const context = await browser.newContext({ baseURL: job.baseUrl, locale: 'en-US' });
  try {
    await context.addInitScript({
      content: `window.localStorage.setItem('admin_token', ${JSON.stringify(job.token)});`,
    });
    const puts: Request[] = [];
    const calls: Request[] = [];
    context.on('requestfinished', (request) => {
      if (request.method() === 'PUT' && request.url().startsWith(job.storageOrigin)) puts.push(request);
      if (request.method() === 'POST' && request.url().startsWith(`${job.baseUrl}/api/`)) calls.push(request);
    });
    const page = await context.newPage();
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Upload files' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(job.path);
    if (job.encrypted === true) await page.getByLabel('End-to-end encrypted').check();
    const start = page.getByRole('button', { name: 'Upload (1)' });
    await start.waitFor();

    calls.length = 0;
    const marks = await watchUpload(page);
    const meters = await startMeters(job);
    await start.click();
    const timedOut = delay(UPLOAD_TIMEOUT_MS, null, { ref: false });
    const result = await Promise.race([marks.evaluate((watch) => watch.done), timedOut]);
    if (result === null) throw new Error(`no share link after ${UPLOAD_TIMEOUT_MS / 1000} s`);
    const measured = await meters.stop();
    if (result.failure !== null) throw new Error(`upload failed in the page: ${result.failure}`);
    await page.close();
    return {
      ...measured,
      seconds: (result.doneAt - result.clickedAt) / 1000,
      parts: partTimings(puts, result.timeOrigin + result.clickedAt),
      api: apiTimings(calls),
    };
  } finally {
    await context.close();
  }
}
