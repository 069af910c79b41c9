// POST /upload throughput: the real server (in-process, local storage driver, fresh data dir)
// takes a 512 MiB file as a multipart form from curl, three times; prints MB/s per run and the
// median. Usage: npx tsx bench/form-upload/run.ts [--size-mib=512]
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '@server/config';
import { parseEnv } from '@server/env';
import { createLogger } from '@server/lib/logger';
import { startServer } from '@server/start-server';

const run = promisify(execFile);
const sizeMib = Number(/--size-mib=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 512);
const password = 'bench-password-123';

const dir = await mkdtemp(join(tmpdir(), 'clipdock-form-bench-'));
const file = join(dir, 'payload.bin');
const handle = await open(file, 'w');
for (let i = 0; i < sizeMib; i += 1) await handle.write(randomBytes(1024 * 1024));
await handle.close();

const env = parseEnv({
  PORT: '0',
  DATA_DIR: join(dir, 'data'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ADMIN_PASSWORD: password,
});
const config = await loadConfig(env);
const server = await startServer({ config, logger: createLogger({ level: 'warn' }), hostname: '127.0.0.1' });
try {
  await server.db.updateTable('system_settings').set({ value: '4' }).where('key', '=', 'max_upload_size').execute();
  await server.db
    .updateTable('system_settings')
    .set({ value: 'GB' })
    .where('key', '=', 'max_upload_size_unit')
    .execute();
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const rates: number[] = [];
  for (let round = 1; round <= 3; round += 1) {
    const started = performance.now();
    const { stdout } = await run(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-H',
        `Authorization: Bearer ${data.token}`,
        '-F',
        `file=@${file}`,
        `${server.url}/api/upload`,
      ],
      { maxBuffer: 1024 * 1024 },
    );
    const seconds = (performance.now() - started) / 1000;
    if (stdout.trim() !== '201') throw new Error(`upload answered ${stdout}`);
    rates.push((sizeMib * 1.048576) / seconds);
    console.log(`round ${round}: ${rates.at(-1)?.toFixed(0)} MB/s`);
  }
  const median = [...rates].sort((a, b) => a - b)[1] ?? 0;
  console.log(
    `\n${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]?.toFixed(2)}, ${new Date().toISOString()}: ${sizeMib} MiB form upload, median ${median.toFixed(0)} MB/s`,
  );
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
