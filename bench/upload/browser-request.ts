// One upload through a file request's page in Chromium, as a stranger makes it: a fresh context,
// the file chosen with setInputFiles (the page starts at once), timed in the page from the change
// event to the file's "Arrived" and on to its receipt's SHA-256 shown (the worker hashes the file
// beside its upload), with the same meters as the upload page's run (kept until the hash). With `reloadAt`, the
// page is reloaded once that share of the parts is acknowledged by storage, the same file is chosen
// again, and the parts sent after the reload are compared with those acknowledged before it.
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, Page, Request } from '@playwright/test';
import { startMeters, type Measured, type MeterTargets } from './browser-meters';
import type { ApiTiming, PartTiming } from './browser-upload';

export type RequestUploadJob = MeterTargets & {
  baseUrl: string;
  slug: string;
  path: string;
  storageOrigin: string;
  /** Reload when this share (0–1) of the parts is acknowledged; no reload when unset. */
  reloadAt?: number;
};

export type Resume = {
  partCount: number;
  /** Parts storage acknowledged before the reload. */
  acknowledged: number;
  /** Parts PUT after the reload, and how many of them had been acknowledged before it (0 when the resume is right). */
  sentAfter: number;
  sentAgain: number;
  /** Page load and second choice of the file to "Arrived", seconds. */
  afterReloadSeconds: number;
  /** The same to the receipt's SHA-256 shown. */
  afterReloadHashSeconds: number;
};

export type RequestUpload = Measured & {
  /** To "Arrived". */
  seconds: number;
  /** To the receipt's SHA-256 shown. */
  hashSeconds: number;
  parts: number;
  /** Storage PUTs, ms after the change event (a round without a reload only). */
  partTimings: PartTiming[];
  /** The request's JSON calls: path after the slug, ms after the change event and duration. */
  api: (ApiTiming & { startMs: number })[];
  resume: Resume | null;
};

type Marks = { timeOrigin: number; startedAt: number; doneAt: number; failure: string | null };
type HashMark = { hashedAt: number; failure: string | null };

const TIMEOUT_MS = 900_000;

function partOf(request: Request): number | null {
  const value = new URL(request.url()).searchParams.get('partNumber');
  return value === null ? null : Number(value);
}

/** Installs, before the file is chosen, a mark at its change event and an observer for its outcome. */
function watch(page: Page) {
  return page.evaluateHandle(() => {
    let startedAt = 0;
    document.addEventListener('change', () => (startedAt ||= performance.now()), { capture: true });
    const done = new Promise<Marks>((resolve) => {
      const observer = new MutationObserver(() => {
        const item = document.querySelector(
          '.request-files__item[data-status="done"], .request-files__item[data-status="failed"]',
        );
        if (item === null) return;
        observer.disconnect();
        const failed = item.getAttribute('data-status') === 'failed';
        resolve({
          timeOrigin: performance.timeOrigin,
          startedAt,
          doneAt: performance.now(),
          failure: failed ? (item.textContent ?? 'failed') : null,
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    const hashed = new Promise<HashMark>((resolve) => {
      const observer = new MutationObserver(() => {
        const line = document.querySelector('[data-hash="hashed"], [data-hash="failed"], [data-hash="missing"]');
        if (line === null) return;
        observer.disconnect();
        const ok = line.getAttribute('data-hash') === 'hashed';
        resolve({ hashedAt: performance.now(), failure: ok ? null : (line.textContent ?? 'no hash') });
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    return { done, hashed };
  });
}

async function finished(started: ReturnType<typeof watch>): Promise<Marks> {
  const handle = await started;
  const timedOut = delay(TIMEOUT_MS, null, { ref: false });
  const result = await Promise.race([handle.evaluate((w) => w.done), timedOut]);
  if (result === null) throw new Error(`no "Arrived" after ${TIMEOUT_MS / 1000} s`);
  if (result.failure !== null) throw new Error(`upload failed in the page: ${result.failure}`);
  return result;
}

async function hashShown(started: ReturnType<typeof watch>): Promise<number> {
  const handle = await started;
  const timedOut = delay(TIMEOUT_MS, null, { ref: false });
  const result = await Promise.race([handle.evaluate((w) => w.hashed), timedOut]);
  if (result === null) throw new Error(`no SHA-256 after ${TIMEOUT_MS / 1000} s`);
  if (result.failure !== null) throw new Error(`the receipt's hash failed in the page: ${result.failure}`);
  return result.hashedAt;
}

export async function uploadToRequestInBrowser(browser: Browser, job: RequestUploadJob): Promise<RequestUpload> {
  const context = await browser.newContext({ baseURL: job.baseUrl, locale: 'en-US' });
  try {
    const acknowledged = new Set<number>();
    const sentAfter: number[] = [];
    let reloaded = false;
    let partCount = 0;
    let puts = 0;
    const putRequests: Request[] = [];
    const calls: Request[] = [];
    context.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().includes(`/api/public/file-requests/${job.slug}/`))
        calls.push(request);
      if (request.method() !== 'PUT' || !request.url().startsWith(job.storageOrigin)) return;
      putRequests.push(request);
      const part = partOf(request);
      puts += 1;
      if (part === null) return;
      if (reloaded) sentAfter.push(part);
      else acknowledged.add(part);
    });
    context.on('response', (response) => {
      if (!response.url().endsWith('/multipart/init')) return;
      void response.json().then(
        (body: { data?: { part_count?: number } }) => {
          partCount = body.data?.part_count ?? partCount;
        },
        () => undefined,
      );
    });
    const page = await context.newPage();
    await page.goto(`/request/${job.slug}`);
    await page.getByTestId('request-files').waitFor({ state: 'attached' });
    const started = watch(page);
    await started;
    const meters = await startMeters(job);
    await page.getByTestId('request-files').setInputFiles(job.path);

    let resume: Resume | null = null;
    let seconds: number;
    let hashSeconds: number;
    let partTimings: PartTiming[] = [];
    let api: (ApiTiming & { startMs: number })[] = [];
    if (job.reloadAt === undefined) {
      const marks = await finished(started);
      seconds = (marks.doneAt - marks.startedAt) / 1000;
      hashSeconds = ((await hashShown(started)) - marks.startedAt) / 1000;
      const origin = marks.timeOrigin + marks.startedAt;
      partTimings = putRequests
        .map((request) => {
          const { startTime, requestStart, responseEnd } = request.timing();
          return {
            startMs: startTime - origin,
            sendMs: startTime + Math.max(0, requestStart) - origin,
            endMs: startTime + responseEnd - origin,
          };
        })
        .sort((a, b) => a.startMs - b.startMs);
      api = calls.map((request) => ({
        path: new URL(request.url()).pathname.split('/').slice(5).join('/'),
        startMs: Math.round(request.timing().startTime - origin),
        ms: Math.round(request.timing().responseEnd),
      }));
    } else {
      const reloadAt = job.reloadAt;
      const firstStart = Date.now();
      for (;;) {
        if (partCount > 0 && acknowledged.size >= Math.ceil(partCount * reloadAt)) break;
        if (Date.now() - firstStart > TIMEOUT_MS) throw new Error('the upload never reached the reload point');
        await delay(20);
      }
      const before = acknowledged.size;
      reloaded = true;
      const reloadStart = Date.now();
      await page.reload();
      await page.getByText(/stopped before it finished/).waitFor();
      const again = watch(page);
      await again;
      await page.getByTestId('request-files').setInputFiles(job.path);
      await finished(again);
      const afterReloadSeconds = (Date.now() - reloadStart) / 1000;
      seconds = (reloadStart - firstStart) / 1000 + afterReloadSeconds;
      await hashShown(again);
      const afterReloadHashSeconds = (Date.now() - reloadStart) / 1000;
      hashSeconds = (reloadStart - firstStart) / 1000 + afterReloadHashSeconds;
      resume = {
        partCount,
        acknowledged: before,
        sentAfter: sentAfter.length,
        sentAgain: sentAfter.filter((part) => acknowledged.has(part)).length,
        afterReloadSeconds,
        afterReloadHashSeconds,
      };
    }
    const measured = await meters.stop();
    await page.close();
    return { ...measured, seconds, hashSeconds, parts: puts, partTimings, api, resume };
  } finally {
    await context.close();
  }
}
