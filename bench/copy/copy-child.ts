// The worker's cross-storage copy (src/workers/fs-copy.ts, through the same endpoint object the Web
// Worker exposes) alone in its own process, so its memory is measured apart from the runner: it
// asks batch-copy for the plan, copies, and reports its peak RSS (VmHWM), and the largest RSS,
// heap and ArrayBuffer bytes sampled every 20 ms while the copy ran.
import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { fsBatchCopyResultSchema } from '@shared/api/fs-copy.schema';
import { createWorkerEndpoint } from '@workers/worker-endpoint';

const jobSchema = z.object({ baseUrl: z.string(), token: z.string(), sourcePath: z.string(), targetPath: z.string() });
const MiB = 1024 * 1024;

async function vmHwmMiB(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const job = jobSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
  const headers = { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' };
  const response = await fetch(`${job.baseUrl}/api/admin/fs/batch-copy`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ items: [{ sourcePath: job.sourcePath, targetPath: job.targetPath }], skipExisting: false }),
  });
  if (!response.ok) throw new Error(`batch-copy answered ${response.status}: ${await response.text()}`);
  const plan = fsBatchCopyResultSchema.parse(z.object({ data: z.unknown() }).parse(await response.json()).data);
  const worker = createWorkerEndpoint({ fetch: globalThis.fetch.bind(globalThis) });
  worker.configure({ baseUrl: `${job.baseUrl}/api`, credentials: { scheme: 'admin', token: job.token } });
  globalThis.gc?.();
  await delay(200);
  const before = { rss: process.memoryUsage().rss / MiB, hwm: await vmHwmMiB() };
  const peak = { rss: 0, heapUsed: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss / MiB);
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed / MiB);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, usage.arrayBuffers / MiB);
  }, 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await worker.copyAcrossStorages({ id: 'bench', scope: 'admin', plan: plan.crossStorageResults });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  const upload = plan.crossStorageResults[0]?.files[0]?.upload;
  process.stdout.write(
    `${JSON.stringify({
      status: result.ok ? result.status : 'failed',
      failed: result.ok ? result.failed : [result],
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      partSize: upload?.kind === 'multipart' ? upload.partSize : null,
      rssBeforeMiB: before.rss,
      hwmBeforeMiB: before.hwm,
      hwmAfterMiB: await vmHwmMiB(),
      peak,
    })}\n`,
  );
}

await main();
