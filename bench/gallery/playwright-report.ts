// The gallery benchmark's table of Playwright rounds (run.ts): each round's first screen, bytes
// on the wire, scroll and memory, then the opening step by step, the ETag timings, the traced
// tasks, the memory breakdowns and the sampled allocations when they were asked for.
import type { ListState } from '@bench/explorer-scroll/page-meter';
import type { TaskFigures } from '@bench/explorer-scroll/trace-tasks';
import type { Allocator } from './alloc-profile';
import { type Breakdown, breakdownTable, detailLines } from './memory-breakdown';
import type { FirstScreen, LastScreen, WireRecord } from './page-probes';
import type { EtagTimes } from './server-calls';

export type Round = {
  open: FirstScreen;
  wire: { thumbnails: number; thumbnailBytes: number; maxThumbnail: number; other: WireRecord[]; originals: number };
  scroll: {
    seconds: number;
    longTasks: number[];
    end: ListState;
    thumbnailsAsked: number;
    thumbnailBytes: number;
    last: LastScreen;
    traced?: TaskFigures;
  };
  /** The tab's renderer (the page's process: the one holding the most private memory). */
  memory: { rssStartMiB: number; rssPeakMiB: number; privatePeakMiB: number; renderers: number; heapMiB: number };
  load: string;
  breakdown: Array<{ label: string; breakdown: Breakdown }>;
  allocators: Allocator[];
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function playwrightTable(results: readonly Round[], etagTimes: readonly EtagTimes[], baseUrl: string): string[] {
  return [
    '| round | first screen shows its thumbnails (ms) | tiles on it | thumbnail requests · KB per tile (mean / max) | other responses while opening (KB) | originals fetched | scroll to the end (s) | tasks > 50 ms while scrolling (longest ms) | last screen shows its thumbnails (ms after the last step) | thumbnails finished while scrolling and after | tab RSS MiB: before the click → peak (private peak) | JS heap at the end MiB | load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r, i) => {
      const perTile = r.wire.thumbnailBytes / Math.max(1, r.wire.thumbnails);
      const other = r.wire.other.reduce((sum, record) => sum + record.bytes, 0);
      return `| ${i + 1} | ${r.open.ms.toFixed(0)}${r.open.timedOut ? ' (timed out)' : ''} | ${r.open.withThumbnail}/${r.open.tiles} | ${r.wire.thumbnails} · ${kb(perTile)} / ${kb(r.wire.maxThumbnail)} | ${kb(other)} in ${r.wire.other.length} | ${r.wire.originals} | ${r.scroll.seconds.toFixed(1)} | ${r.scroll.longTasks.length} (${Math.round(Math.max(0, ...r.scroll.longTasks))}) | ${r.scroll.last.ms.toFixed(0)}${r.scroll.last.timedOut ? ' (timed out)' : ''} (${r.scroll.last.withThumbnail}/${r.scroll.last.tiles}) | ${r.scroll.thumbnailsAsked} | ${r.memory.rssStartMiB} → ${r.memory.rssPeakMiB} (${r.memory.privatePeakMiB}) | ${r.memory.heapMiB} | ${r.load} |`;
    }),
    '',
    `Medians: first screen ${median(results.map((r) => r.open.ms)).toFixed(0)} ms; ${kb(median(results.map((r) => r.wire.thumbnailBytes / Math.max(1, r.wire.thumbnails))))} KB per tile; ${median(results.map((r) => r.scroll.longTasks.length))} long tasks while scrolling; tab RSS peak ${median(results.map((r) => r.memory.rssPeakMiB)).toFixed(1)} MiB (private ${median(results.map((r) => r.memory.privatePeakMiB)).toFixed(1)} MiB)`,
    '',
    "Opening, step by step (ms from the click): the listing answered; the first thumbnail asked; the last one answered; each thumbnail's wait for the server (sent → first byte), median / max.",
    '',
    '| round | listing answered | first thumbnail asked | last thumbnail answered | server wait per thumbnail (median / max) | first screen |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map(({ open: { steps, ms } }, i) => {
      const f = (n: number) => n.toFixed(0);
      return `| ${i + 1} | ${f(steps.listEnd)} | ${f(steps.firstThumbStart)} | ${f(steps.lastThumbEnd)} | ${f(median(steps.thumbWaits))} / ${f(Math.max(0, ...steps.thumbWaits))} | ${f(ms)} |`;
    }),
    ...(etagTimes.length === 0
      ? []
      : [
          '',
          "The server's answer to a thumbnail call (until its redirect), timed from Node before each round: 100 blocks of six calls at once, alternately with the listing's ETag and without it (the server then HEADs each file first); ms, median / 90th percentile / max.",
          '',
          '| round | with the ETag | without | calls each | load |',
          '| --- | --- | --- | --- | --- |',
          ...etagTimes.map((t, i) => {
            const spread = (values: number[]) => {
              const sorted = [...values].sort((a, b) => a - b);
              const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
              return `${median(values).toFixed(1)} / ${p90.toFixed(1)} / ${Math.max(0, ...values).toFixed(1)}`;
            };
            return `| ${i + 1} | ${spread(t.withEtag)} | ${spread(t.without)} | ${t.withEtag.length} | ${t.load} |`;
          }),
        ]),
    ...(results.some((r) => r.scroll.traced !== undefined)
      ? [
          '',
          "The scrolls in the Chromium trace: the page main thread's tasks by wall time and by the thread's CPU time.",
          '',
          '| round | tasks | over 50 ms wall | over 50 ms CPU | longest wall ms | longest CPU ms |',
          '| --- | --- | --- | --- | --- | --- |',
          ...results.map((r, i) =>
            r.scroll.traced === undefined
              ? `| ${i + 1} | – | – | – | – | – |`
              : `| ${i + 1} | ${r.scroll.traced.tasks} | ${r.scroll.traced.wallOver50} | ${r.scroll.traced.cpuOver50} | ${r.scroll.traced.longestWall} | ${r.scroll.traced.longestCpu} |`,
          ),
        ]
      : []),
    ...results.flatMap((r, i) =>
      r.breakdown.length === 0
        ? []
        : [
            '',
            `The tab's renderer by allocator, round ${i + 1} (MiB, Chromium's memory-infra):`,
            '',
            ...breakdownTable(r.breakdown),
            ...r.breakdown.flatMap(({ label, breakdown }) => [
              '',
              `Allocators of a MiB or more, ${label}:`,
              ...detailLines(breakdown),
            ]),
          ],
    ),
    ...results.flatMap((r, i) =>
      r.allocators.length === 0
        ? []
        : [
            '',
            `What the page's JavaScript allocated while scrolling, round ${i + 1} (V8's sampling profiler, collected objects counted; MiB by the function that allocated, with its three nearest callers):`,
            '',
            '| MiB | function | called from |',
            '| --- | --- | --- |',
            ...r.allocators.map((a) => `| ${a.mib.toFixed(1)} | ${a.where} | ${a.through} |`),
          ],
    ),
    '',
    'Other responses while opening (round 1):',
    ...(results[0]?.wire.other ?? []).map(
      (record) => `- ${record.status} ${record.mime} ${kb(record.bytes)} KB ${record.url.replace(baseUrl, '')}`,
    ),
  ];
}
