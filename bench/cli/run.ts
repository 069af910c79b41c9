// `clipdock upload` of a 1 GiB file into a private radosgw (bluestore) through the real server,
// beside a raw `curl -T` presigned PUT of the same file in the same run, order alternating; the
// client's wall time, CPU and peak RSS (GNU time), and the same for a 128 MiB file to show the
// memory does not grow with the file. Then an upload killed once half its parts are stored and
// run again: what the second run sent and how long it took.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { z } from 'zod';
import { onCleanup, runCleanups } from '@bench/upload/processes';
import { writeRandomFile } from '@bench/upload/random-file';
import { rawPut } from '@bench/upload/raw-put';
import { startBenchStorage } from '@bench/upload/rgw';
import { startServer } from '@bench/upload/server';
import { verifyObject } from '@bench/upload/verify';
import { storeCredential } from '@cli/session/credentials-store';

const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    'size-mib': { type: 'string', default: '1024' },
    concurrency: { type: 'string' },
    'part-mib': { type: 'string' },
    /** Only the 1 GiB rounds: no 128 MiB memory run, no kill-and-resume. */
    'rounds-only': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const size = Number(args['size-mib']) * MIB;
const log = (line: string) => process.stderr.write(`[cli bench] ${line}\n`);
const shareSchema = z.object({ storage_path: z.string(), size: z.number() });
const entrySchema = z.object({ fileId: z.string(), uploadId: z.string() });
const partsSchema = z.object({ data: z.object({ part_count: z.number(), parts: z.array(z.unknown()) }) });

type Measured = {
  seconds: number;
  user: number;
  system: number;
  peakMiB: number;
  stdout: string;
  stderr: string;
  /** The CLI's own phase times (CLIPDOCK_TIMINGS), in ms; `exit` is the wall time after its last one. */
  phases: Map<string, number>;
};

/** `clipdock timings (ms): start=41.2 session=1.0 … total=2900.1` → the phases. */
function parsePhases(stderr: string, seconds: number): Map<string, number> {
  const phases = new Map<string, number>();
  const line = /clipdock timings \(ms\): (.*)/.exec(stderr)?.[1];
  if (line === undefined) return phases;
  for (const pair of line.trim().split(/\s+/)) {
    const [name = '', value = ''] = pair.split('=');
    phases.set(name, Number(value));
  }
  const total = phases.get('total');
  if (total !== undefined) phases.set('exit', seconds * 1000 - total);
  return phases;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'clipdock-bench-cli-'));
  onCleanup(() => rm(work, { recursive: true, force: true }));
  log('building the clipdock bundle');
  await build({
    root,
    configFile: join(root, 'vite.cli.config.ts'),
    logLevel: 'error',
    build: { outDir: join(work, 'dist') },
  });
  const bundle = join(work, 'dist', 'clipdock.mjs');
  log('starting radosgw (bluestore) and the server');
  const { rgw, client, bucket } = await startBenchStorage(onCleanup);
  const server = await startServer(root, rgw, bucket);
  onCleanup(server.stop);
  const config = join(work, 'config');
  const env = { PATH: process.env.PATH, HOME: work, XDG_CONFIG_HOME: config, CLIPDOCK_TIMINGS: '1' };
  // Signed in as the admin, as `clipdock login -u admin` leaves it (keys reach public configs only).
  await storeCredential(env, {
    kind: 'admin',
    server: server.baseUrl,
    username: 'admin',
    token: server.token,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const extra = [
    ...(args.concurrency === undefined ? [] : ['--concurrency', args.concurrency]),
    ...(args['part-mib'] === undefined ? [] : ['--part-size', args['part-mib']]),
  ];

  /** One `clipdock upload` under GNU time; `kill` ends it early and answers true once it did. */
  const upload = (path: string, kill?: () => Promise<boolean>): Promise<Measured> =>
    new Promise((resolve, reject) => {
      const child = spawn(
        '/usr/bin/time',
        ['-f', 'TIME %e %U %S %M', process.execPath, bundle, 'upload', path, '--json', ...extra],
        { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      void kill?.().then(async (stop) => {
        if (!stop) return;
        // GNU time's own child is the CLI: kill it, not time, which then reports it.
        const children = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8');
        for (const pid of children.trim().split(/\s+/).filter(Boolean)) process.kill(Number(pid), 'SIGKILL');
      });
      child.on('error', reject);
      child.on('close', () => {
        if (kill === undefined && stdout.trim() === '') return reject(new Error(`clipdock upload failed:\n${stderr}`));
        const match = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
        if (match === null) return reject(new Error(`no timing: ${stderr}`));
        const [, seconds = '0', user = '0', system = '0', kib = '0'] = match;
        resolve({
          phases: parsePhases(stderr, Number(seconds)),
          seconds: Number(seconds),
          user: Number(user),
          system: Number(system),
          peakMiB: Math.round(Number(kib) / 102.4) / 10,
          stdout,
          stderr: stderr.replace(/.*TIME .*\n?/, '').replace(/clipdock timings .*\n?/, ''),
        });
      });
    });

  const file = join(work, `random-${size / MIB}mib.bin`);
  log(`writing ${size / MIB} MiB of random bytes`);
  const sha256 = await writeRandomFile(file, size);
  const rows: string[] = [];
  const ratios: number[] = [];
  const phaseRows: Map<string, number>[] = [];
  for (let i = 0; i < runs; i += 1) {
    const rawFirst = i % 2 === 0;
    const [load = 0] = loadavg();
    let raw = 0;
    let cli: Measured | undefined;
    for (const which of rawFirst ? ['raw', 'cli'] : ['cli', 'raw']) {
      log(`run ${i + 1}: ${which}`);
      if (which === 'raw') {
        const put = await rawPut(client, bucket, file, `raw/run-${i + 1}.bin`);
        await verifyObject(client, bucket, put.key, { size, sha256 }, false);
        raw = put.seconds;
      } else {
        cli = await upload(file);
        const share = shareSchema.parse(JSON.parse(cli.stdout));
        await verifyObject(client, bucket, share.storage_path, { size, sha256 }, i === 0);
      }
    }
    if (cli === undefined) throw new Error('no CLI run');
    const mbps = (seconds: number) => (size / 1e6 / seconds).toFixed(1);
    ratios.push(raw / cli.seconds);
    phaseRows.push(cli.phases);
    rows.push(
      `| ${i + 1} | ${rawFirst ? 'raw, cli' : 'cli, raw'} | ${mbps(raw)} | ${mbps(cli.seconds)} | **${(raw / cli.seconds).toFixed(2)}** | ${cli.user.toFixed(2)} + ${cli.system.toFixed(2)} | ${cli.peakMiB} | ${load.toFixed(2)} |`,
    );
  }

  const cpu = cpus()[0]?.model ?? 'unknown';
  const phaseNames = [...new Set(phaseRows.flatMap((phases) => [...phases.keys()]))];
  const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  const report = [
    `CPU: ${cpu} × ${cpus().length}; parts: ${args['part-mib'] === undefined ? 'the default (a sixteenth of the file, 16–64)' : args['part-mib']} MiB, ${args.concurrency ?? 4} in flight`,
    '',
    '| run | order | raw curl PUT MB/s | clipdock upload MB/s | clipdock / raw | clipdock CPU s (user + sys) | clipdock peak RSS MiB | load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `clipdock / raw: median **${median(ratios).toFixed(2)}**, spread ${spread} over ${ratios.length} rounds`,
    '',
    `| clipdock phase (ms) | ${phaseRows.map((_, i) => `run ${i + 1}`).join(' | ')} | median |`,
    `| --- | ${phaseRows.map(() => '---').join(' | ')} | --- |`,
    ...phaseNames.map(
      (name) =>
        `| ${name} | ${phaseRows.map((phases) => (phases.get(name) ?? 0).toFixed(0)).join(' | ')} | ${median(phaseRows.map((phases) => phases.get(name) ?? 0)).toFixed(0)} |`,
    ),
  ];
  if (args['rounds-only']) {
    process.stdout.write(`${report.join('\n')}\n`);
    return;
  }

  log('128 MiB for the memory comparison');
  const small = join(work, 'random-128mib.bin');
  await writeRandomFile(small, 128 * MIB);
  const smallRun = await upload(small);

  log('an upload killed once half its parts are stored, then run again');
  const resumeFile = join(work, 'resume.bin');
  const resumeSha = await writeRandomFile(resumeFile, size);
  const killAtHalf = async (): Promise<boolean> => {
    for (;;) {
      await delay(50);
      const names = await readdir(join(config, 'clipdock', 'uploads')).catch(() => [] as string[]);
      const [name] = names;
      if (name === undefined) continue;
      const entry = entrySchema.parse(JSON.parse(await readFile(join(config, 'clipdock', 'uploads', name), 'utf8')));
      const answer = await fetch(`${server.baseUrl}/api/s3/multipart/parts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ file_id: entry.fileId, upload_id: entry.uploadId }),
      });
      if (!answer.ok) continue;
      const { data } = partsSchema.parse(await answer.json());
      if (data.parts.length * 2 >= data.part_count) return true;
    }
  };
  const killed = await upload(resumeFile, killAtHalf);
  const resumed = await upload(resumeFile);
  const share = shareSchema.parse(JSON.parse(resumed.stdout));
  await verifyObject(client, bucket, share.storage_path, { size, sha256: resumeSha }, true);

  process.stdout.write(
    [
      ...report,
      '',
      `128 MiB file: ${((128 * MIB) / 1e6 / smallRun.seconds).toFixed(1)} MB/s, peak RSS ${smallRun.peakMiB} MiB`,
      `killed run: ${killed.seconds.toFixed(1)} s; resumed run: ${resumed.seconds.toFixed(1)} s, ${resumed.stderr.trim()}`,
    ].join('\n'),
  );
  process.stdout.write('\n');
}

try {
  await main();
} finally {
  await runCleanups();
}
