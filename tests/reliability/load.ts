// Scenario 5: N clients for S seconds through the proxy, each looping over a mix of paste reads
// (60 %), paste creates (20 %) and file downloads (20 %, following the bucket link when the
// instance hands one out). A small client of our own on fetch: each request's latency, status and
// errors are counted by kind; each instance's RSS is read at the start and the end.
import { randomBytes } from 'node:crypto';
import { type Answer, createPaste, percentile, slugOf, uploadFile } from './client';
import { Checks, type ScenarioResult } from './report';
import type { Stack } from './stack';

type Kind = 'read' | 'create' | 'download';

async function timed(
  kind: Kind,
  request: () => Promise<Response>,
): Promise<{ kind: Kind; ms: number; ok: boolean; status: number | string }> {
  const started = performance.now();
  try {
    const response = await request();
    const body = Buffer.from(await response.arrayBuffer());
    // An error page of nginx's own (not the instances' JSON envelope) is told apart.
    const status = response.ok || body[0] === 0x7b ? response.status : `${response.status} from nginx`;
    return { kind, ms: performance.now() - started, ok: response.ok, status };
  } catch {
    return { kind, ms: performance.now() - started, ok: false, status: 0 };
  }
}

export async function load(stack: Stack, token: string, clients: number, seconds: number): Promise<ScenarioResult> {
  const checks = new Checks(`load: ${clients} clients for ${seconds} s`);
  const pastes: string[] = [];
  const files: string[] = [];
  const refused: string[] = [];
  const keep = (list: string[], answer: Answer) => {
    const slug = slugOf(answer);
    if (slug === undefined) refused.push(`${answer.status} ${answer.code}: ${answer.message}`);
    else list.push(slug);
  };
  for (let i = 0; i < 20; i += 1)
    keep(pastes, await createPaste(stack.proxyUrl, token, { content: `# read me ${i}\n\n${'text '.repeat(200)}` }));
  for (let i = 0; i < 5; i += 1)
    keep(files, await uploadFile(stack.proxyUrl, token, randomBytes(32 * 1024), `load-${i}.bin`));
  if (refused.length > 0) checks.figures.preparationRefused = refused;
  checks.check(pastes.length === 20 && files.length === 5, 'the pastes and files to read were created');
  const rssStart = await Promise.all(stack.instances.map((instance) => instance.rssKb()));
  const samples: Awaited<ReturnType<typeof timed>>[] = [];
  const deadline = performance.now() + seconds * 1000;
  const timeout = () => AbortSignal.timeout(30_000);
  const client = async (n: number) => {
    let i = n;
    while (performance.now() < deadline) {
      i += 1;
      const roll = (i * 7919) % 10;
      const pick = <T>(list: T[]) => list[i % list.length];
      if (roll < 6)
        samples.push(
          await timed('read', () => fetch(`${stack.proxyUrl}/api/paste/${pick(pastes)}`, { signal: timeout() })),
        );
      else if (roll < 8)
        samples.push(
          await timed('create', () =>
            fetch(`${stack.proxyUrl}/api/paste`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ content: `load ${n} ${i}`, format: 'plain' }),
              signal: timeout(),
            }),
          ),
        );
      else
        samples.push(
          await timed('download', () =>
            fetch(`${stack.proxyUrl}/api/file-download/${pick(files)}`, { signal: timeout() }),
          ),
        );
    }
  };
  const started = performance.now();
  const [memory] = await Promise.all([
    sampleMemory(stack, deadline),
    Promise.all(Array.from({ length: clients }, (_, n) => client(n))),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const rssEnd = await Promise.all(stack.instances.map((instance) => instance.rssKb()));
  const summary = (kind?: Kind) => {
    const chosen = samples.filter((sample) => kind === undefined || sample.kind === kind);
    const sorted = chosen.map((sample) => sample.ms).sort((a, b) => a - b);
    const errors = chosen.filter((sample) => !sample.ok);
    const statuses: Record<string, number> = {};
    for (const error of errors) statuses[error.status] = (statuses[error.status] ?? 0) + 1;
    return {
      requests: chosen.length,
      errors: errors.length,
      errorStatuses: statuses,
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
    };
  };
  const all = summary();
  const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round(kb / 102.4) / 10);
  Object.assign(checks.figures, {
    clients,
    seconds: Math.round(elapsed),
    requestsPerSecond: Math.round(samples.length / elapsed),
    all,
    read: summary('read'),
    create: summary('create'),
    download: summary('download'),
    rssMb: Object.fromEntries(
      stack.instances.map((instance, i) => {
        const kb = memory.get(instance.name) ?? [];
        const late = kb[Math.floor((kb.length * 2) / 3)];
        return [
          instance.name,
          {
            start: mb(rssStart[i]),
            twoThirds: mb(late),
            end: mb(rssEnd[i]),
            everyFiveSeconds: kb.map((value) => mb(value)),
          },
        ];
      }),
    ),
  });
  checks.check(all.errors === 0, `no errors under load (${all.errors} of ${all.requests})`);
  // Memory levels off: over the last third of a run of two minutes or more, an instance grows by at
  // most 25 MB or 10 %. It climbs while the heap grows to its working size (40–60 s into this load,
  // longer after the earlier scenarios), so a shorter run reports its samples without judging them.
  if (seconds < 120) checks.figures.memoryNotJudged = 'a run under 120 s ends before the heap settles';
  else {
    for (const [i, instance] of stack.instances.entries()) {
      const kb = memory.get(instance.name) ?? [];
      const late = kb[Math.floor((kb.length * 2) / 3)];
      const end = rssEnd[i];
      if (late === undefined || end === undefined) continue;
      const allowed = Math.max(25 * 1024, late * 0.1);
      checks.check(
        end - late <= allowed,
        `${instance.name}: memory levels off over the last third (${mb(late)} → ${mb(end)} MB, at most +${mb(allowed)})`,
      );
    }
  }
  return checks.result();
}

/** Each instance's resident memory every five seconds until `deadline`, in KiB. */
async function sampleMemory(stack: Stack, deadline: number): Promise<Map<string, number[]>> {
  const samples = new Map(stack.instances.map((instance) => [instance.name, [] as number[]]));
  while (performance.now() < deadline) {
    const values = await Promise.all(stack.instances.map((instance) => instance.rssKb()));
    for (const [i, instance] of stack.instances.entries()) {
      const value = values[i];
      if (value !== undefined) samples.get(instance.name)?.push(value);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, Math.max(0, deadline - performance.now()))));
  }
  return samples;
}
