// What the tab's renderer holds, by Chromium's own accounting (memory-infra): a detailed memory
// dump through the DevTools protocol (a trace of `disabled-by-default-memory-infra` and
// `Tracing.requestMemoryDump`), read back as each allocator's size (partition_alloc for DOM,
// layout and strings, blink_gc for Oilpan, v8, cc and skia for raster tiles, malloc, discardable,
// web_cache for decoded images), beside the DOM counters and the JS heap of the page.
import type { Browser, CDPSession } from '@playwright/test';
import { z } from 'zod';

const MiB = 1024 * 1024;
/** The allocators (and the parts of them) worth a line each; sizes in MiB. */
const SHOWN = [
  'malloc',
  'partition_alloc',
  'partition_alloc/partitions/buffer',
  'partition_alloc/partitions/layout',
  'blink_gc',
  'v8',
  'cc',
  'cc/tile_memory',
  'skia',
  'discardable',
  'web_cache',
  'parkable_strings',
  'parkable_images',
  'font_caches',
  'shared_memory',
] as const;

/** Oilpan's heap by space: Blink keeps nodes, layout objects, CSS values and collections apart. */
const OILPAN_SPACES = 'blink_gc/main/heap/';
/** Blink's custom spaces by index (heap/v8_wrapper/custom_spaces.h); the dump names them by number. */
const SPACE_NAMES: Record<string, string> = {
  CustomSpace0: 'CustomSpace0 (vector backings)',
  CustomSpace1: 'CustomSpace1 (hash table backings)',
  CustomSpace2: 'CustomSpace2 (DOM nodes)',
  CustomSpace3: 'CustomSpace3 (CSS values)',
  CustomSpace4: 'CustomSpace4 (layout objects)',
};
const labelOf = (name: string) => name.replace(/CustomSpace\d$/, (space) => SPACE_NAMES[space] ?? space);

const scalar = z.object({ type: z.string(), units: z.string().optional(), value: z.union([z.string(), z.number()]) });
const nameSchema = z.object({
  ph: z.literal('M'),
  name: z.literal('process_name'),
  pid: z.number(),
  args: z.object({ name: z.string() }),
});
const dumpSchema = z.object({
  ph: z.literal('v'),
  pid: z.number(),
  args: z.object({
    dumps: z.object({
      allocators: z.record(z.string(), z.object({ attrs: z.record(z.string(), scalar).optional() })).optional(),
      process_totals: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
});
/** A process's dump: Chromium writes its allocators and its totals as separate events. */
type Dump = {
  allocators: Record<string, { attrs?: Record<string, z.infer<typeof scalar>> }>;
  totals: Record<string, unknown>;
};

export type Breakdown = {
  /** MiB by allocator name (SHOWN), from the renderer holding the page. */
  allocators: Record<string, number>;
  /** The process's private footprint and its peak resident set as Chromium counts them, MiB. */
  privateFootprint: number;
  peakResident: number;
  dom: { documents: number; nodes: number; jsEventListeners: number };
  jsHeapUsed: number;
  jsHeapTotal: number;
  /** Every allocator and part of one (two levels down, and Oilpan's spaces) holding at least a MiB. */
  details: Array<[string, number]>;
};

const hex = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 16) : 0;
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;

function sizeOf(dump: Dump, name: string): number {
  const attrs = dump.allocators[name]?.attrs;
  const size = attrs?.size?.value;
  return size === undefined ? 0 : hex(size);
}

async function readStream(session: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await session.send('IO.read', { handle, size: 4 * MiB });
    text += chunk.base64Encoded === true ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  return text;
}

/** One detailed memory dump of every process; the renderer's is the one whose Oilpan holds most. */
async function dumpRenderer(browser: Browser): Promise<Dump> {
  const session = await browser.newBrowserCDPSession();
  const complete = new Promise<string>((resolve) => {
    session.on('Tracing.tracingComplete', (event) => resolve(event.stream ?? ''));
  });
  await session.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: ['disabled-by-default-memory-infra'],
      excludedCategories: ['*'],
    },
  });
  const { success } = await session.send('Tracing.requestMemoryDump', { levelOfDetail: 'detailed' });
  await session.send('Tracing.end');
  const text = await readStream(session, await complete);
  await session.detach();
  if (!success) throw new Error('the memory dump failed');
  const events = z.object({ traceEvents: z.array(z.unknown()) }).parse(JSON.parse(text)).traceEvents;
  const renderers = new Set<number>();
  const dumps = new Map<number, Dump>();
  for (const event of events) {
    const named = nameSchema.safeParse(event);
    if (named.success && named.data.args.name === 'Renderer') renderers.add(named.data.pid);
    const parsed = dumpSchema.safeParse(event);
    if (!parsed.success) continue;
    const dump = dumps.get(parsed.data.pid) ?? { allocators: {}, totals: {} };
    Object.assign(dump.allocators, parsed.data.args.dumps.allocators ?? {});
    Object.assign(dump.totals, parsed.data.args.dumps.process_totals ?? {});
    dumps.set(parsed.data.pid, dump);
  }
  const renderer = [...dumps.entries()]
    .filter(([pid]) => renderers.has(pid))
    .map(([, dump]) => dump)
    .sort((a, b) => sizeOf(b, 'blink_gc') - sizeOf(a, 'blink_gc'))[0];
  if (renderer === undefined) throw new Error('no renderer in the memory dump');
  return renderer;
}

export async function memoryBreakdown(browser: Browser, session: CDPSession): Promise<Breakdown> {
  const dom = await session.send('Memory.getDOMCounters');
  const heap = await session.send('Runtime.getHeapUsage');
  const dump = await dumpRenderer(browser);
  const totals = dump.totals;
  return {
    allocators: Object.fromEntries(SHOWN.map((name) => [name, mib(sizeOf(dump, name))])),
    privateFootprint: mib(hex(totals.private_footprint_bytes ?? 0)),
    peakResident: mib(hex(totals.peak_resident_set_size ?? 0)),
    dom: { documents: dom.documents, nodes: dom.nodes, jsEventListeners: dom.jsEventListeners },
    jsHeapUsed: mib(heap.usedSize),
    jsHeapTotal: mib(heap.totalSize),
    details: Object.keys(dump.allocators)
      .filter((name) => (name.split('/').length <= 3 || name.startsWith(OILPAN_SPACES)) && sizeOf(dump, name) >= MiB)
      .sort()
      .map((name) => [labelOf(name), mib(sizeOf(dump, name))]),
  };
}

/** A full garbage collection of the page (V8 and, through it, Oilpan). */
export async function collectGarbage(session: CDPSession): Promise<void> {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.disable');
}

export function breakdownTable(rows: Array<{ label: string; breakdown: Breakdown }>): string[] {
  const head = ['when', 'private footprint', 'peak RSS', ...SHOWN, 'DOM nodes', 'listeners', 'JS heap used/total'];
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map(
      ({ label, breakdown: b }) =>
        `| ${[
          label,
          b.privateFootprint,
          b.peakResident,
          ...SHOWN.map((name) => b.allocators[name] ?? 0),
          b.dom.nodes,
          b.dom.jsEventListeners,
          `${b.jsHeapUsed}/${b.jsHeapTotal}`,
        ].join(' | ')} |`,
    ),
  ];
}

/** The allocators of one dump, a line each, for the parts SHOWN leaves out. */
export function detailLines(breakdown: Breakdown): string[] {
  return breakdown.details.map(([name, size]) => `- ${name}: ${size} MiB`);
}
