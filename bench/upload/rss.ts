// Memory of another process from /proc/<pid>/status: VmRSS sampled every 100 ms, plus the
// kernel's high-water mark (VmHWM), reset at the start so that it covers only the measured window.
import { readFile, writeFile } from 'node:fs/promises';

export type RssWindow = { baselineMiB: number; peakMiB: number };
export type RssSampler = { stop(): Promise<RssWindow> };

type Status = { rssKiB: number; hwmKiB: number };

async function readStatus(pid: number): Promise<Status> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
}

const toMiB = (kib: number) => Math.round((kib / 1024) * 10) / 10;

export async function startRssSampler(pid: number, intervalMs = 100): Promise<RssSampler> {
  // "5" resets VmHWM to the current RSS (Linux ≥ 4.0); without it only the samples count.
  const hwmReset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  const baseline = await readStatus(pid);
  let peakKiB = baseline.rssKiB;
  const sample = async () => {
    const { rssKiB } = await readStatus(pid);
    peakKiB = Math.max(peakKiB, rssKiB);
  };
  const timer = setInterval(() => void sample().catch(() => undefined), intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      const last = await readStatus(pid);
      const peak = Math.max(peakKiB, last.rssKiB, hwmReset ? last.hwmKiB : 0);
      return { baselineMiB: toMiB(baseline.rssKiB), peakMiB: toMiB(peak) };
    },
  };
}
