// Where a server-rendered share page lists the app's code: in the head, downloading with the HTML
// (as served), or after its first frame (the modulepreloads in a <template
// data-after-paint-preloads>, which the entry moves into the head once the first frame is on
// screen). One build, one server, in one run: the after-paint variant goes through a proxy that
// moves the links into that template (and compresses as the server does); the served variant goes
// through the same proxy untouched, so both pay the same hop. Per page and variant, alternating:
// - in Chromium, CPU 4× slower and a slow 4G network (150 ms, 1.6 Mbit/s down): the first
//   contentful paint, and the time until the app has taken the page over (the server's frame
//   gone: the root layout's commit, with the share's view adopted), medians of --runs;
// - Lighthouse mobile (its own simulated throttling): score, FCP, LCP, TBT, medians of --lh-runs.
// Two more: "head-low", the links in the head with `fetchpriority="low"` (they still download beside
// the HTML, below the page's own requests), and "head-high", the links in the head without any
// fetchpriority (Chromium's default for modulepreloads, High), whatever the server sends. Pick
// variants with --variants=head-high,head-low (default: after-paint,head).
// Build first (`npm run build`). Usage: npx tsx bench/lighthouse/preload-placement.ts [--runs=7] [--lh-runs=3]
import { createServer, request as httpRequest, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort } from '@tests/support/free-port';
import { CHROME_PATH, lighthouse, type RunFigures } from './lighthouse';
import { seed, startServer } from './server';

const here = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const runs = option('runs', 7);
const lighthouseRuns = option('lh-runs', 3);

const variantNames = ['after-paint', 'head', 'head-low', 'head-high'] as const;
type Variant = (typeof variantNames)[number];
const isVariant = (name: string): name is Variant => (variantNames as readonly string[]).includes(name);
const variants: Variant[] = (
  argv.find((arg) => arg.startsWith('--variants='))?.slice('--variants='.length) ?? 'after-paint,head'
)
  .split(',')
  .filter(isVariant);

/** The page with its modulepreloads moved into a template the entry adopts after the first frame. */
function preloadsAfterPaint(html: string): string {
  const preloads: string[] = [];
  return html
    .replace(/<template[\s\S]*?<\/template>|\s*<link rel="modulepreload"[^>]*>/g, (found) => {
      if (found.startsWith('<template')) return found;
      preloads.push(found.trim());
      return '';
    })
    .replace('</head>', () => `<template data-after-paint-preloads>${preloads.join('')}</template></head>`);
}

/** The page with `fetchpriority="low"` on its modulepreloads, or (`high`) with no fetchpriority on them. */
function preloadsPriority(html: string, priority: 'low' | 'high'): string {
  const bare = html.replace(/(<link rel="modulepreload"[^>]*?)\s+fetchpriority="[a-z]+"/g, '$1');
  if (priority === 'high') return bare;
  return bare.replace(/(<link rel="modulepreload"[^>]*?)(\s*\/?>)/g, '$1 fetchpriority="low"$2');
}

function rewritten(html: string, variant: Variant): string {
  if (variant === 'after-paint') return preloadsAfterPaint(html);
  if (variant === 'head-low') return preloadsPriority(html, 'low');
  if (variant === 'head-high') return preloadsPriority(html, 'high');
  return html;
}

/** A proxy to `target`; but for the head variant (as served), share pages' HTML is rewritten (and brotli'd at 5, as served). */
async function proxy(target: URL, variant: Variant): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((incoming, answer) => {
    const page = /^\/(paste|file)\//.test(incoming.url ?? '');
    const rewrite = variant !== 'head' && page;
    const headers = { ...incoming.headers, host: target.host };
    if (rewrite) headers['accept-encoding'] = 'identity';
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (response) => {
        if (!rewrite) {
          answer.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(answer);
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const html = rewritten(Buffer.concat(chunks).toString('utf8'), variant);
          const body = brotliCompressSync(Buffer.from(html), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
          const { etag: _etag, 'content-length': _length, ...rest } = response.headers;
          answer.writeHead(response.statusCode ?? 502, {
            ...rest,
            'content-encoding': 'br',
            'content-length': String(body.byteLength),
          });
          answer.end(body);
        });
      },
    );
    incoming.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

type Browsed = { fcp: number; takenOver: number };

async function browse(url: string): Promise<Browsed> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen = { takenOver: -1 };
      Object.assign(window, { benchSeen: seen });
      new MutationObserver((_, observer) => {
        if (document.readyState !== 'loading' && document.getElementById('shell-frame') === null) {
          seen.takenOver = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { benchSeen: { takenOver: number } }).benchSeen.takenOver > 0,
      null,
      {
        timeout: 60_000,
      },
    );
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      takenOver: (window as unknown as { benchSeen: { takenOver: number } }).benchSeen.takenOver,
    }));
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const server = await startServer(here);
const proxies = new Map<Variant, { url: string; server: Server }>();
try {
  const { pastePath, filePath } = await seed(server.baseUrl);
  const target = new URL(server.baseUrl);
  for (const variant of variants) proxies.set(variant, await proxy(target, variant));
  const pages = { paste: pastePath, file: filePath };
  const browsed = new Map<string, Browsed[]>();
  const audited = new Map<string, RunFigures[]>();
  process.stdout.write(
    `Chromium: CPU 4×, 150 ms / 1.6 Mbit/s, ${runs} runs; Lighthouse mobile, ${lighthouseRuns} runs\n`,
  );
  for (let run = 0; run < Math.max(runs, lighthouseRuns); run++) {
    for (const [name, path] of Object.entries(pages)) {
      const order: Variant[] = run % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        const url = `${proxies.get(variant)?.url ?? ''}${path}`;
        const key = `${name} ${variant}`;
        if (run < runs) {
          const figures = await browse(url);
          browsed.set(key, [...(browsed.get(key) ?? []), figures]);
          process.stdout.write(
            `run ${run + 1} ${key}: FCP ${Math.round(figures.fcp)} ms, taken over ${Math.round(figures.takenOver)} ms (load ${loadavg()[0]?.toFixed(2)})\n`,
          );
        }
        if (run < lighthouseRuns) {
          const figures = await lighthouse(here, url, 'mobile');
          audited.set(key, [...(audited.get(key) ?? []), figures]);
          process.stdout.write(
            `run ${run + 1} ${key}: Lighthouse ${figures.performance}, FCP ${Math.round(figures.fcp)} ms, LCP ${Math.round(figures.lcp)} ms, SI ${Math.round(figures.speedIndex)} ms, TBT ${Math.round(figures.tbt)} ms (load ${loadavg()[0]?.toFixed(2)})\n`,
          );
        }
      }
    }
  }
  process.stdout.write('\nmedians\n');
  for (const key of browsed.keys()) {
    const seen = browsed.get(key) ?? [];
    const lh = audited.get(key) ?? [];
    const m = (values: number[]) => Math.round(median(values));
    process.stdout.write(
      `${key}: Chromium FCP ${m(seen.map((r) => r.fcp))} ms, taken over ${m(seen.map((r) => r.takenOver))} ms; Lighthouse ${m(lh.map((r) => r.performance))}, FCP ${m(lh.map((r) => r.fcp))} ms, LCP ${m(lh.map((r) => r.lcp))} ms, SI ${m(lh.map((r) => r.speedIndex))} ms, TBT ${m(lh.map((r) => r.tbt))} ms\n`,
    );
  }
} finally {
  for (const { server: running } of proxies.values()) running.close();
  await server.stop();
}
