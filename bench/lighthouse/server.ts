// The server as `npm start` runs it (the serve script's Node flags, dist-server/server.mjs, a fresh
// data folder), plus the content the measured pages show: a Markdown paste and a shared file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { freePort } from '@tests/support/free-port';
import { startScriptNodeArgs } from '@bench/paste-api/server-command';

const adminPassword = 'bench-lighthouse-password';

export type BenchServer = { baseUrl: string; stop: () => Promise<void> };

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

export async function startServer(root: string): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(await startScriptNodeArgs(root)), join(root, 'dist-server/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const envelope = z.object({ data: z.unknown() });

async function parsed<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return schema.parse(envelope.parse(await response.json()).data);
}

/** A README-like Markdown paste: headings, a list, a table and a fenced code block. */
const samplePaste = [
  '# Release checklist',
  '',
  'Steps for shipping **Clipdock** to the home server, kept here so the team can copy them.',
  '',
  '1. Pull the latest tag and read the changelog.',
  '2. Back up `DATA_DIR` (the SQLite file and the local blobs).',
  '3. Run the migrations by starting the new version once.',
  '',
  '| Service | Port | Notes |',
  '| --- | --- | --- |',
  '| web + API | 8787 | one Node process |',
  '| radosgw | 7480 | S3 storage |',
  '',
  '```sh',
  'git fetch --tags && git checkout v0.6.9',
  'npm ci && npm run build',
  'NODE_ENV=production npm run serve',
  '```',
  '',
  '> Roll back by starting the previous tag: migrations only ever add columns.',
  '',
].join('\n');

/** Logs in, creates the paste and uploads a small text file; returns the two page paths. */
export async function seed(baseUrl: string): Promise<{ pastePath: string; filePath: string }> {
  const login = await parsed(
    await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    }),
    z.object({ token: z.string() }),
  );
  const authorization = `Bearer ${login.token}`;
  const paste = await parsed(
    await fetch(`${baseUrl}/api/paste`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ content: samplePaste, slug: 'release-checklist' }),
    }),
    z.object({ slug: z.string() }),
  );
  const form = new FormData();
  form.append('slug', 'meeting-notes');
  form.append('file', new Blob([samplePaste.repeat(4)], { type: 'text/markdown' }), 'meeting-notes.md');
  const file = await parsed(
    await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { authorization }, body: form }),
    z.object({ slug: z.string() }),
  );
  return { pastePath: `/paste/${paste.slug}`, filePath: `/file/${file.slug}` };
}
