// One Lighthouse run through its own CLI (the `lighthouse` npm package), against Debian's Chromium
// with the flags that keep it off the network, and the figures the bench keeps from its report.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

export type Mode = 'mobile' | 'desktop';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

const numeric = z.object({ numericValue: z.number() });
const requestSchema = z.object({
  url: z.string(),
  resourceType: z.string().optional(),
  mimeType: z.string().optional(),
  sessionTargetType: z.string().optional(),
  networkRequestTime: z.number(),
  networkEndTime: z.number(),
  transferSize: z.number(),
  resourceSize: z.number(),
  statusCode: z.number(),
  /** Chromium's fetch priority (VeryHigh … VeryLow): what Lighthouse's simulation reads as render-blocking. */
  priority: z.string().optional(),
});
export type NetworkRequest = z.infer<typeof requestSchema>;

const reportSchema = z.object({
  lighthouseVersion: z.string(),
  environment: z.object({ benchmarkIndex: z.number() }),
  userAgent: z.string(),
  categories: z.object({
    performance: z.object({ score: z.number().nullable() }),
    accessibility: z.object({ score: z.number().nullable() }),
  }),
  audits: z.object({
    'first-contentful-paint': numeric,
    'largest-contentful-paint': numeric,
    'cumulative-layout-shift': numeric,
    'total-blocking-time': numeric,
    'speed-index': numeric,
    'unused-javascript': z.object({ details: z.object({ overallSavingsBytes: z.number() }).optional() }),
    metrics: z.object({
      details: z.object({
        items: z.array(
          z.object({
            observedFirstContentfulPaint: z.number().optional(),
            observedLargestContentfulPaint: z.number().optional(),
            observedLoad: z.number().optional(),
          }),
        ),
      }),
    }),
    'network-requests': z.object({ details: z.object({ items: z.array(requestSchema) }) }),
  }),
});

/** What one run measured. Times in ms, sizes in bytes. */
export type RunFigures = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  speedIndex: number;
  unusedJs: number;
  /** Bytes on the wire of every request started up to the observed LCP: what the page needs to be usable. */
  firstLoadBytes: number;
  firstLoadRequests: number;
  /**
   * Bytes on the wire of the HTML and the stylesheets asked for before the observed first
   * contentful paint: what a page that paints from its HTML needs for its first paint.
   */
  htmlCssBeforeFcpBytes: number;
  /** Bytes on the wire of the whole run: idle-time chunks and the service worker's precache included. */
  totalBytes: number;
  totalRequests: number;
  requests: NetworkRequest[];
  observedLcp: number;
  version: string;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
};

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error === null ? resolve() : reject(new Error(`${error.message}\n${stderr}`)),
    );
  });
}

export function lighthouseArgs(url: string, mode: Mode, outputPath: string): string[] {
  return [
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${chromeFlags.join(' ')}`,
    '--quiet',
    ...(mode === 'desktop' ? ['--preset=desktop'] : []),
  ];
}

/** Runs Lighthouse once; `keepAs` copies the full JSON report there. */
export async function lighthouse(root: string, url: string, mode: Mode, keepAs?: string): Promise<RunFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-lhr-'));
  try {
    const output = join(dir, 'report.json');
    const cli = join(root, 'node_modules/lighthouse/cli/index.js');
    await run(process.execPath, [cli, ...lighthouseArgs(url, mode, output)], { ...process.env, CHROME_PATH });
    if (keepAs !== undefined) await copyFile(output, keepAs);
    return figures(JSON.parse(await readFile(output, 'utf8')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function figures(raw: unknown): RunFigures {
  const report = reportSchema.parse(raw);
  const { audits } = report;
  const requests = audits['network-requests'].details.items;
  const observedLcp = audits.metrics.details.items[0]?.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY;
  const first = requests.filter((request) => request.networkRequestTime <= observedLcp);
  const observedFcp = audits.metrics.details.items[0]?.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const htmlCss = requests.filter(
    (request) =>
      request.networkRequestTime <= observedFcp &&
      (request.resourceType === 'Document' || request.resourceType === 'Stylesheet'),
  );
  const bytes = (list: NetworkRequest[]) => list.reduce((sum, request) => sum + request.transferSize, 0);
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    speedIndex: audits['speed-index'].numericValue,
    unusedJs: audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
    firstLoadBytes: bytes(first),
    firstLoadRequests: first.length,
    htmlCssBeforeFcpBytes: bytes(htmlCss),
    totalBytes: bytes(requests),
    totalRequests: requests.length,
    requests,
    observedLcp,
    version: report.lighthouseVersion,
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
  };
}
