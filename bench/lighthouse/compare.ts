// Two builds side by side in one run: this checkout and another one (a worktree of an earlier
// commit, say), each served as `npm start` serves it, with Lighthouse runs alternating between
// them page by page so that both meet the same machine load. Prints each run and the medians.
// Both checkouts must be built first (`npm run build` in each).
// Usage: npx tsx bench/lighthouse/compare.ts --base=<other checkout> [--runs=3] [--mode=mobile]
//        [--page=/ --page=paste --page=file --page=/mount-explorer]
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lighthouse, type Mode, type RunFigures } from './lighthouse';
import { seed, startServer, type BenchServer } from './server';

const here = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string) =>
  argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
const base = option('base')[0];
if (base === undefined) throw new Error('--base=<other checkout> is required');
const runs = Number(option('runs')[0] ?? 3);
const mode: Mode = option('mode')[0] === 'desktop' ? 'desktop' : 'mobile';
const pages = option('page').length > 0 ? option('page') : ['/', 'paste', 'file', '/mount-explorer'];

type Side = { name: string; server: BenchServer; paths: Record<string, string>; results: Map<string, RunFigures[]> };

async function side(name: string, root: string): Promise<Side> {
  const server = await startServer(root);
  const { pastePath, filePath } = await seed(server.baseUrl);
  return { name, server, paths: { paste: pastePath, file: filePath }, results: new Map() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const line = (r: RunFigures) =>
  `perf ${r.performance}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, first load ${(r.firstLoadBytes / 1000).toFixed(1)} KB`;

const sides = [await side('base', resolve(base)), await side('this', here)];
try {
  process.stdout.write(`${mode}, ${runs} runs per page and side, alternating; base = ${resolve(base)}\n`);
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      for (const s of run % 2 === 0 ? sides : [...sides].reverse()) {
        const path = s.paths[page] ?? page;
        const figures = await lighthouse(here, `${s.server.baseUrl}${path}`, mode);
        s.results.set(page, [...(s.results.get(page) ?? []), figures]);
        process.stdout.write(`run ${run + 1} ${page} ${s.name}: ${line(figures)} (load ${loadavg()[0]?.toFixed(2)})\n`);
      }
    }
  }
  process.stdout.write('\nmedians\n');
  for (const page of pages) {
    for (const s of sides) {
      const list = s.results.get(page) ?? [];
      const m = (pick: (r: RunFigures) => number) => Math.round(median(list.map(pick)));
      process.stdout.write(
        `${page} ${s.name}: perf ${m((r) => r.performance)}, FCP ${m((r) => r.fcp)} ms, LCP ${m((r) => r.lcp)} ms, TBT ${m((r) => r.tbt)} ms, first load ${(median(list.map((r) => r.firstLoadBytes)) / 1000).toFixed(1)} KB\n`,
      );
    }
  }
} finally {
  for (const s of sides) await s.server.stop();
}
