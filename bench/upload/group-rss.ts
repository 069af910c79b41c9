// Memory of a group of processes (Chromium's renderers, say), sampled every 100 ms: VmRSS of the
// group's sum and of each process, plus each one's RssAnon; first sample = baseline, largest = peak.
import { readMemoryKiB } from './proc';
import type { RssWindow } from './rss';

export type ProcessMemory = { rss: RssWindow; anon: RssWindow };
export type GroupRss = { sum: RssWindow; byPid: Map<number, ProcessMemory> };
export type GroupRssSampler = { stop(): Promise<GroupRss> };

const toMiB = (kib: number) => Math.round((kib / 1024) * 10) / 10;
const toWindow = (baselineKiB: number, peakKiB: number): RssWindow => ({
  baselineMiB: toMiB(baselineKiB),
  peakMiB: toMiB(peakKiB),
});
const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export async function startGroupRssSampler(pids: readonly number[], intervalMs = 100): Promise<GroupRssSampler> {
  const read = () => Promise.all(pids.map(readMemoryKiB));
  const first = await read();
  const peaks = first.map((memory) => ({ ...memory }));
  let peakSum = total(first.map((memory) => memory.rss));
  const sample = async () => {
    const now = await read();
    now.forEach((memory, i) => {
      const peak = peaks[i];
      if (peak === undefined) return;
      peak.rss = Math.max(peak.rss, memory.rss);
      peak.anon = Math.max(peak.anon, memory.anon);
    });
    peakSum = Math.max(peakSum, total(now.map((memory) => memory.rss)));
  };
  const timer = setInterval(() => void sample().catch(() => undefined), intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      const byPid = new Map(
        pids.map((pid, i) => {
          const [base, peak] = [first[i] ?? { rss: 0, anon: 0 }, peaks[i] ?? { rss: 0, anon: 0 }];
          return [pid, { rss: toWindow(base.rss, peak.rss), anon: toWindow(base.anon, peak.anon) }];
        }),
      );
      return { sum: toWindow(total(first.map((memory) => memory.rss)), peakSum), byPid };
    },
  };
}
