// Where a page's Total Blocking Time comes from: the page loaded once in Debian's Chromium with
// the CPU slowed 4× (as Lighthouse's mobile mode assumes), a trace for the main thread's tasks and
// a sampling profile beside it, then each task over 50 ms with the functions it spent its time in.
// A diagnostic for the first-load work, not a benchmark: run it on a quiet machine.
// Usage: npx tsx bench/lighthouse/long-tasks.ts [paste|file|<path>] (after `npm run build`)
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { z } from 'zod';
import { CHROME_PATH } from './lighthouse';
import { seed, startServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CPU_SLOWDOWN = 4;
/** Long enough for the idle-time work after the content shows. */
const WATCH_MS = 9_000;

const traceEvent = z.looseObject({
  name: z.string(),
  ts: z.number(),
  dur: z.number().optional(),
  pid: z.number(),
  args: z
    .looseObject({
      data: z
        .looseObject({ frames: z.array(z.looseObject({ processId: z.number().optional() })).optional() })
        .optional(),
    })
    .optional(),
});
type TraceEvent = z.infer<typeof traceEvent>;
const cpuProfile = z.object({
  nodes: z.array(
    z.looseObject({ id: z.number(), callFrame: z.looseObject({ functionName: z.string(), url: z.string() }) }),
  ),
  startTime: z.number(),
  samples: z.array(z.number()).optional(),
  timeDeltas: z.array(z.number()).optional(),
});
type CpuProfile = z.infer<typeof cpuProfile>;
type LongTask = { startMs: number; durationMs: number; top: string; scripts: string };

/** Each sample's time, from the profile's start and deltas (µs, the trace's clock). */
function sampleTimes(profile: CpuProfile): number[] {
  let at = profile.startTime;
  return (profile.timeDeltas ?? []).map((delta) => (at += delta));
}

function longTasks(events: TraceEvent[], profile: CpuProfile): LongTask[] {
  const page = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId;
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && (page === undefined || e.pid === page),
  );
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = sampleTimes(profile);
  const origin = tasks[0]?.ts ?? 0;
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const counts = new Map<string, number>();
    const byScript = new Map<string, number>();
    (profile.samples ?? []).forEach((id, i) => {
      const at = times[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      if (at < task.ts || at > end || frame === undefined) return;
      const script = frame.url.split('/').pop() ?? '';
      const name = `${frame.functionName || '(anonymous)'} ${script}`.trim();
      counts.set(name, (counts.get(name) ?? 0) + 1);
      byScript.set(script || frame.functionName, (byScript.get(script || frame.functionName) ?? 0) + 1);
    });
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0) || 1;
    const shares = (map: Map<string, number>) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, n]) => `${name} ${Math.round((100 * n) / total)} %`)
        .join(', ');
    return {
      startMs: (task.ts - origin) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      top: shares(counts),
      scripts: shares(byScript),
    };
  });
}

const server = await startServer(root);
try {
  const { pastePath, filePath } = await seed(server.baseUrl);
  const target = process.argv[2] ?? 'paste';
  const path = target === 'paste' ? pastePath : target === 'file' ? filePath : target;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (chunk) => events.push(...z.array(traceEvent).parse(chunk.value)));
    const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForTimeout(WATCH_MS);
    const profile = cpuProfile.parse((await cdp.send('Profiler.stop')).profile);
    await cdp.send('Tracing.end');
    await traced;
    const tasks = longTasks(events, profile);
    process.stdout.write(
      `${path}, CPU slowed ${CPU_SLOWDOWN}×: ${tasks.length} tasks over 50 ms, blocking ${Math.round(tasks.reduce((sum, t) => sum + t.durationMs - 50, 0))} ms in all\n`,
    );
    for (const task of tasks) {
      process.stdout.write(
        `  at ${task.startMs.toFixed(0).padStart(5)} ms, ${task.durationMs.toFixed(0).padStart(4)} ms: ${task.top || '(no script: parsing, style, layout)'}\n`,
      );
      if (task.scripts) process.stdout.write(`  ${' '.repeat(20)}by script: ${task.scripts}\n`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
