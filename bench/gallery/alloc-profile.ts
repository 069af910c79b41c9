// What the page's JavaScript allocates while it scrolls, by function: V8's sampling heap profiler
// over the DevTools protocol, counting objects the collectors have already taken back too, so the
// figures are the garbage made, not what is left. Oilpan's objects (DOM, layout, fetch) are not
// in it; the functions that make them are, by the V8 wrappers they allocate. Read it on a build
// without minification (`vite build --minify false`) so the functions keep their names.
import { writeFile } from 'node:fs/promises';
import type { CDPSession } from '@playwright/test';
import { z } from 'zod';

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { callFrame: Frame; selfSize: number; children: ProfileNode[] };
const nodeSchema: z.ZodType<ProfileNode> = z.lazy(() =>
  z.object({
    callFrame: z.object({
      functionName: z.string(),
      url: z.string(),
      lineNumber: z.number(),
      columnNumber: z.number(),
    }),
    selfSize: z.number(),
    children: z.array(nodeSchema),
  }),
);
const profileSchema = z.object({ profile: z.object({ head: nodeSchema }) });

export async function startAllocationSampling(session: CDPSession): Promise<void> {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: 16 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}

export type Allocator = { where: string; mib: number; through: string };

/**
 * Stops the sampling, keeps the raw profile at `path` (open it in DevTools' Memory panel), and
 * answers the functions that allocated the most themselves, each with the three callers that led
 * to it most often.
 */
export async function stopAllocationSampling(session: CDPSession, path: string, top = 20): Promise<Allocator[]> {
  const answer = profileSchema.parse(await session.send('HeapProfiler.stopSampling'));
  await writeFile(path, JSON.stringify(answer.profile));
  const totals = new Map<string, { bytes: number; through: Map<string, number> }>();
  const name = (frame: Frame) =>
    `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}`;
  const walk = (node: ProfileNode, stack: Frame[]) => {
    if (node.selfSize > 0) {
      const key = name(node.callFrame);
      const total = totals.get(key) ?? { bytes: 0, through: new Map<string, number>() };
      total.bytes += node.selfSize;
      const via =
        stack
          .slice(-3)
          .reverse()
          .map((frame) => frame.functionName || '(anonymous)')
          .join(' < ') || '–';
      total.through.set(via, (total.through.get(via) ?? 0) + node.selfSize);
      totals.set(key, total);
    }
    for (const child of node.children) walk(child, [...stack, node.callFrame]);
  };
  walk(answer.profile.head, []);
  return [...totals.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, top)
    .map(([where, total]) => ({
      where,
      mib: total.bytes / 1024 / 1024,
      through: [...total.through.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '–',
    }));
}
