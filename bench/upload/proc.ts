// Reads other processes from /proc: their children, command lines, resident memory and CPU time,
// so the browser benchmark can tell Chromium's renderers from its other processes and time them.
import { readdir, readFile } from 'node:fs/promises';

const CLOCK_TICKS_PER_SECOND = 100;

type Stat = { ppid: number; cpuSeconds: number };

/** Parent pid and user + system CPU seconds from /proc/<pid>/stat; null once the process is gone. */
export async function readStat(pid: number): Promise<Stat | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (text === null) return null;
  // The command name (field 2) may hold spaces and parentheses: split after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [ppid, utime, stime] = [fields[1], fields[11], fields[12]].map(Number);
  return { ppid: ppid ?? 0, cpuSeconds: ((utime ?? 0) + (stime ?? 0)) / CLOCK_TICKS_PER_SECOND };
}

/** User + system CPU seconds of this process's children that have exited and been waited for. */
export async function reapedChildrenCpuSeconds(): Promise<number> {
  const text = await readFile('/proc/self/stat', 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / CLOCK_TICKS_PER_SECOND;
}

/** VmRSS and its private part, RssAnon (heap, JS, buffers; no mapped files or shared memory). */
export async function readMemoryKiB(pid: number): Promise<{ rss: number; anon: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rss: field('VmRSS'), anon: field('RssAnon') };
}

export async function readCmdline(pid: number): Promise<string[]> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return raw.split('\0').filter((arg) => arg.length > 0);
}

/** Every live descendant of `root` (not `root` itself). */
export async function descendants(root: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const parents = new Map<number, number>();
  await Promise.all(
    pids.map(async (pid) => {
      const stat = await readStat(pid);
      if (stat !== null) parents.set(pid, stat.ppid);
    }),
  );
  const found: number[] = [];
  const frontier = [root];
  for (let parent = frontier.pop(); parent !== undefined; parent = frontier.pop()) {
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
}

export type CpuMeter = { stop(): Promise<Record<string, number>> };

/** CPU seconds each named group of processes (or each pid, named by its number) spends between start and `stop()`. */
export async function startCpuMeter(groups: Record<string, readonly number[]>): Promise<CpuMeter> {
  const total = async (pids: readonly number[]) => {
    const stats = await Promise.all(pids.map(readStat));
    return stats.reduce((sum, stat) => sum + (stat?.cpuSeconds ?? 0), 0);
  };
  const entries = Object.entries(groups);
  const before = await Promise.all(entries.map(([, pids]) => total(pids)));
  return {
    async stop() {
      const after = await Promise.all(entries.map(([, pids]) => total(pids)));
      return Object.fromEntries(
        entries.map(([name], i) => [name, Math.round(((after[i] ?? 0) - (before[i] ?? 0)) * 100) / 100]),
      );
    },
  };
}

export type SystemCpu = { busyPercent: number; iowaitPercent: number };

async function readSystemTicks(): Promise<{ total: number; idle: number; iowait: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const [idle = 0, iowait = 0] = [ticks[3], ticks[4]];
  return { total: ticks.reduce((a, b) => a + b, 0), idle, iowait };
}

/** How busy all CPUs were (everything but idle and I/O wait) between start and `stop()`. */
export async function startSystemCpuMeter(): Promise<{ stop(): Promise<SystemCpu> }> {
  const before = await readSystemTicks();
  return {
    async stop() {
      const after = await readSystemTicks();
      const total = Math.max(1, after.total - before.total);
      const idle = after.idle - before.idle;
      const iowait = after.iowait - before.iowait;
      return {
        busyPercent: Math.round(((total - idle - iowait) / total) * 100),
        iowaitPercent: Math.round((iowait / total) * 100),
      };
    },
  };
}
