// The browser benchmark's markdown: one row per round (throughput, memory, parts), the medians
// with the verdict against the target, then the CPU seconds of each process during both uploads.
import type { BrowserUpload } from './browser-upload';
import type { SystemCpu } from './proc';
import { median, TARGET_RATIO } from './report';

/** The engine against the browser's own single-PUT ceilings of the same run. */
export const CEILING_TARGET_RATIO = 0.95;

/** `load` is the 1-minute load average before the round; `rawCpu` covers the curl PUT. */
export type BrowserRound = {
  size: number;
  rawSeconds: number;
  ceilingSeconds: number;
  sliceSeconds: number;
  rawCpu: Record<string, number>;
  rawSystem: SystemCpu;
  upload: BrowserUpload;
  order: string;
  verified: string;
  load: number;
};

const mbps = (bytes: number, seconds: number) => bytes / 1e6 / seconds;
const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** Part count, median part time (and how much of it passed before the body was sent), and the
 *  time from the click to the first part and from the last part to the share link. */
function partSummary(upload: BrowserUpload): string {
  const { parts } = upload;
  if (parts.length === 0) return 'not seen';
  const first = Math.min(...parts.map((p) => p.startMs));
  const last = Math.max(...parts.map((p) => p.endMs));
  const total = median(parts.map((p) => p.endMs - p.startMs));
  const beforeSend = median(parts.map((p) => p.sendMs - p.startMs));
  return `${parts.length}, median ${fixed(total, 0)} ms (${fixed(beforeSend, 1)} before send); first after ${fixed(first, 0)} ms, last ${fixed(upload.seconds * 1000 - last, 0)} ms before the link`;
}

const apiCells = (upload: BrowserUpload) => upload.api.map((call) => `${call.path} ${call.ms}`).join(', ');

const cpuCells = (cpu: Record<string, number>, system: SystemCpu) =>
  `${Object.entries(cpu)
    .map(([name, s]) => `${name} ${fixed(s, 2)}`)
    .join(', ')}; both cores ${system.busyPercent} % busy, ${system.iowaitPercent} % I/O wait`;

export function renderBrowserTable(rounds: readonly BrowserRound[], settings: string): string {
  const raw = rounds.map((r) => mbps(r.size, r.rawSeconds));
  const engine = rounds.map((r) => mbps(r.size, r.upload.seconds));
  const ratio = rounds.map((_, i) => (engine[i] ?? 0) / (raw[i] ?? 1));
  const ceiling = rounds.map((r) => mbps(r.size, r.ceilingSeconds));
  const ofCeiling = rounds.map((_, i) => (engine[i] ?? 0) / (ceiling[i] ?? 1));
  const slice = rounds.map((r) => mbps(r.size, r.sliceSeconds));
  const ofSlice = rounds.map((_, i) => (engine[i] ?? 0) / (slice[i] ?? 1));
  const rss = (pick: (u: BrowserUpload) => { baselineMiB: number; peakMiB: number }) => (u: BrowserUpload) =>
    `${fixed(pick(u).baselineMiB)} → ${fixed(pick(u).peakMiB)} (+${fixed(pick(u).peakMiB - pick(u).baselineMiB)})`;
  const tab = rss((u) => u.tabRss);
  const tabAnon = rss((u) => u.tabAnon);
  const allRenderers = rss((u) => u.renderersRss);
  const others = rss((u) => u.otherChromiumRss);
  const medianRatio = median(ratio);
  const medianOfCeiling = median(ofCeiling);
  const medianOfSlice = median(ofSlice);
  const tabPeak = median(rounds.map((r) => r.upload.tabRss.peakMiB));
  return [
    `Engine in the browser: ${settings}`,
    '',
    '| run | raw curl PUT MB/s | one XHR PUT of the File MB/s | one XHR PUT of a Blob slice MB/s | browser engine MB/s | engine / raw | engine / File PUT | engine / slice PUT | tab renderer RSS MiB | tab renderer RssAnon MiB | all page renderers RSS MiB (count) | other Chromium RSS MiB | server RSS MiB | storage PUTs | order | verified | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${fixed(raw[i] ?? 0)} | ${fixed(ceiling[i] ?? 0)} | ${fixed(slice[i] ?? 0)} | ${fixed(engine[i] ?? 0)} | ${fixed(ratio[i] ?? 0, 2)} | ${fixed(ofCeiling[i] ?? 0, 2)} | ${fixed(ofSlice[i] ?? 0, 2)} | ${tab(r.upload)} | ${tabAnon(r.upload)} | ${allRenderers(r.upload)} (${r.upload.renderers}) | ${others(r.upload)} | ${fixed(r.upload.serverRss.baselineMiB)} → ${fixed(r.upload.serverRss.peakMiB)} | ${partSummary(r.upload)} | ${r.order} | ${r.verified} | ${fixed(r.load, 2)} |`,
    ),
    `| **median** | ${fixed(median(raw))} | ${fixed(median(ceiling))} | ${fixed(median(slice))} | ${fixed(median(engine))} | ${fixed(medianRatio, 2)} | ${fixed(medianOfCeiling, 2)} | ${fixed(medianOfSlice, 2)} | peak ${fixed(tabPeak)} | | | | | | | | |`,
    '',
    'CPU seconds during each upload (from /proc/<pid>/stat) and the JSON calls of the browser upload (ms):',
    '',
    '| run | raw curl PUT | browser upload | API calls |',
    '|---|---|---|---|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${cpuCells(r.rawCpu, r.rawSystem)} | ${cpuCells(r.upload.cpuSeconds, r.upload.system)} | ${apiCells(r.upload)} |`,
    ),
    '',
    `Targets: engine ≥ ${CEILING_TARGET_RATIO} × the single XHR PUT of the File → median ${fixed(medianOfCeiling, 2)}: ${medianOfCeiling >= CEILING_TARGET_RATIO ? 'met' : 'missed'}; of the Blob slice (the ceiling of any upload in parts) → median ${fixed(medianOfSlice, 2)}: ${medianOfSlice >= CEILING_TARGET_RATIO ? 'met' : 'missed'}; engine ≥ ${TARGET_RATIO} × raw curl → median ${fixed(medianRatio, 2)}: ${medianRatio >= TARGET_RATIO ? 'met' : 'missed'}; tab renderer RSS peak ${fixed(tabPeak)} MiB (target < 200 MB, flat).`,
    'Memory: baseline after the file is chosen → peak over the upload, sampled every 100 ms from /proc/<pid>/status',
    '(RssAnon = the private part of VmRSS, without mapped files and shared memory).',
    'MB/s = 10^6 bytes per second; browser time runs, in the page, from the click on "Upload (1)" to the share link.',
  ].join('\n');
}
