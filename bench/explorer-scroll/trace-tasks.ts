// The page's main-thread tasks in a Chromium trace, by wall time and by the thread's own CPU
// time: on a loaded machine a task's wall time includes the time the thread waited for a core,
// so a task long by the clock can be short in work. The long-task observer sees only wall time.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
];

const traceEvent = z.object({
  name: z.string(),
  ph: z.string(),
  pid: z.number(),
  tid: z.number(),
  dur: z.number().optional(),
  tdur: z.number().optional(),
  args: z.object({ name: z.string().optional() }).passthrough().optional(),
});
const traceFile = z.object({ traceEvents: z.array(z.unknown()) });

export type TaskFigures = {
  tasks: number;
  wallOver50: number;
  cpuOver50: number;
  longestWall: number;
  longestCpu: number;
};

/** Tasks of the busiest renderer main thread (the measured page's). */
export async function traceTasks(path: string): Promise<TaskFigures> {
  const events = traceFile.parse(JSON.parse(await readFile(path, 'utf8'))).traceEvents.flatMap((raw) => {
    const parsed = traceEvent.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { wall: number; cpu: number }[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(thread)) continue;
    const tasks = byThread.get(thread) ?? [];
    tasks.push({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 });
    byThread.set(thread, tasks);
  }
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    tasks: tasks.length,
    wallOver50: tasks.filter((t) => t.wall > 50).length,
    cpuOver50: tasks.filter((t) => t.cpu > 50).length,
    longestWall: round(Math.max(0, ...tasks.map((t) => t.wall))),
    longestCpu: round(Math.max(0, ...tasks.map((t) => t.cpu))),
  };
}
