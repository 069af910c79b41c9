// Where a server-rendered share page's CPU goes: starts the server as bench/paste-api/run.ts does
// (production build, fresh data dir) under `node --cpu-prof`, makes a Markdown paste like the bench's,
// drives its page (or `--path=api` for GET /api/paste/:slug) with autocannon, stops the server and
// prints the functions with the most self time (and the profile's file, for Chrome's DevTools).
// Build the web app first (`npm run build`). Usage:
//   npx tsx bench/paste-api/profile-page.ts [--seconds=10] [--connections=64] [--top=40] [--path=page|api]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { freePort } from '@tests/support/free-port';
import { waitForHealth } from '@bench/support/wait-for-health';
import { autocannon } from './autocannon';
import { cpuSeconds, load1 } from './proc';
import { serverArgs } from './server-command';

const root = fileURLToPath(new URL('../..', import.meta.url));
const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '64'));
const top = Number(option('top', '40'));
const target = option('path', 'page');
const adminPassword = 'bench-password-123';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-profile-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'clipdock-cpuprofile-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = await serverArgs(root, 'bundle', ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl);
    const login = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    const token = String(z.object({ data: z.object({ token: z.string() }) }).parse(await login.json()).data.token);
    const created = await fetch(`${baseUrl}/api/paste`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(1024) }),
    });
    const slug = z.object({ data: z.object({ slug: z.string() }) }).parse(await created.json()).data.slug;
    const url = target === 'api' ? `${baseUrl}/api/paste/${slug}` : `${baseUrl}/paste/${slug}`;
    // Warm up (the renderer's module, the caches), then measure.
    await autocannon({ url, connections: 8, stop: { requests: 500 } });
    const pid = server.pid ?? 0;
    const before = await cpuSeconds(pid);
    const result = await autocannon({ url, connections, stop: { seconds } });
    const used = (await cpuSeconds(pid)) - before;
    process.stdout.write(
      `${target}: ${Math.round(result.rps)} req/s, ${Math.round((used * 1e6) / Math.max(1, result.total))} CPU µs/req, load ${load1()}\n`,
    );
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
    await rm(dataDir, { recursive: true, force: true });
  }
  const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('the server wrote no profile');
  const profile = profileSchema.parse(JSON.parse(await readFile(join(profileDir, file), 'utf8')));
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    if (frame === undefined) return;
    const place = frame.url === '' ? '' : ` ${frame.url.replace(/^.*\/(node_modules\/)?/, '')}:${frame.lineNumber + 1}`;
    const name = `${frame.functionName || '(anonymous)'}${place}`;
    selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
  });
  process.stdout.write(`profile: ${join(profileDir, file)} (${(total / 1e6).toFixed(1)} s sampled)\n`);
  for (const [name, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}\n`);
}

await main();
