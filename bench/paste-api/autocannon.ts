// Runs the autocannon CLI in a child process and reads its --json summary: the performance
// targets were measured with autocannon, so the bench uses the same tool and flags.
import { execFile } from 'node:child_process';
import { z } from 'zod';

export interface Scenario {
  url: string;
  connections: number;
  /** Run for this many seconds (`-d`), or send this many requests (`-a`). */
  stop: { seconds: number } | { requests: number };
  /** At most this many requests per second over all connections (`-R`); as fast as answered when unset. */
  rate?: number;
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  /** Requests answered in the whole run. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const summarySchema = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
});

/** The `autocannon` arguments for a scenario (after `npx`). */
export function autocannonArgs(s: Scenario): string[] {
  const stop = 'seconds' in s.stop ? ['-d', String(s.stop.seconds)] : ['-a', String(s.stop.requests)];
  const rate = s.rate === undefined ? [] : ['-R', String(s.rate)];
  const method = s.method === undefined ? [] : ['-m', s.method];
  const headers = Object.entries(s.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const body = s.body === undefined ? [] : ['-b', s.body];
  return ['autocannon', '--json', '-c', String(s.connections), ...stop, ...rate, ...method, ...headers, ...body, s.url];
}

export function autocannon(s: Scenario): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile('npx', ['--no-install', ...autocannonArgs(s)], { maxBuffer: 1 << 22 }, (error, stdout) => {
      if (error !== null) return reject(error);
      const { requests, latency, non2xx, errors } = summarySchema.parse(JSON.parse(stdout));
      resolve({ rps: requests.average, total: requests.total, p50: latency.p50, p99: latency.p99, non2xx, errors });
    });
  });
}
