// A small closed-loop load generator, run as its own process so its CPU use is not the server's:
// N keep-alive connections each send one request, wait for the full answer, and send the next.
import { Agent, request } from 'node:http';
import { planSchema, type LoadPlan, type LoadResult, type LoadTarget } from './load-plan';

function send(agent: Agent, url: URL, target: LoadTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: target.method, agent, headers: target.headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(target.body);
  });
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
  const urls = plan.targets.map((t) => new URL(t.path, plan.baseUrl));
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const deadline = plan.durationMs === undefined ? Infinity : started + plan.durationMs;
  const limit = plan.requests ?? Infinity;

  const worker = async () => {
    while (performance.now() < deadline && issued < limit) {
      const index = issued % plan.targets.length;
      const [url, target] = [urls[index], plan.targets[index]];
      if (url === undefined || target === undefined) return;
      issued += 1;
      const sentAt = performance.now();
      try {
        const status = await send(agent, url, target);
        if (status < 200 || status >= 300) non2xx += 1;
        latencies.push(performance.now() - sentAt);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requests: latencies.length, errors, non2xx, seconds: round(seconds), rps: round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), max: at(1) };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

const plan = planSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
process.stdout.write(`${JSON.stringify(await run(plan))}\n`);
