// The basket's ZIP with an entry past 4 GiB, opened by every reader: too slow for the suite, so
// it runs here (`npm run bench:zip-readers`). The entry's bytes are generated as the writer pulls
// them (256 KiB chunks of the byte pool, each a random block stamped with its index), never held
// whole. The ZIP goes at once through pipes into `bsdtar -tf -`, `bsdtar -xOf -` (every byte
// extracted, hashed here) and `jar t` (ZipInputStream), as a download piped into a streaming
// reader would, and into a file for the readers that seek (unzip, Python's zipfile, 7z, `jar tf`).
// After the large entry comes a small one whose offset is past 4 GiB. The file is deleted at the
// end unless --keep. Prints one line per reader and exits 1 if any failed.
// `npx tsx bench/zip-readers/run.ts [--gib 4.25] [--dir /tmp] [--keep] [--unknown-size]`
import { createHash, randomFillSync } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { createBytePool } from '@workers/byte-pool';
import { makeZip, type ZipEntry } from '@workers/zip-writer';
import { drained, pythonEntries, type Ran, readers, run } from './readers';

const { values: args } = parseArgs({
  options: {
    gib: { type: 'string', default: '4.25' },
    dir: { type: 'string', default: tmpdir() },
    keep: { type: 'boolean', default: false },
    /** The large entry written without its size said beforehand (a body of unknown length). */
    'unknown-size': { type: 'boolean', default: false },
  },
});
const CHUNK = 256 * 1024;
const size = Math.round(Number(args.gib) * 1024 ** 3);
if (!(size > 2 ** 32)) throw new Error('--gib must be over 4');
const log = (line: string) => process.stdout.write(`${line}\n`);

const pool = createBytePool(CHUNK, 8);
const block = randomFillSync(new Uint8Array(CHUNK));
/** The large entry's bytes, and every file's bytes in order (what `bsdtar -xOf -` writes). */
const digest = createHash('sha256');
const extracted = createHash('sha256');
async function* generated(): AsyncGenerator<Uint8Array> {
  const stamp = new DataView(block.buffer);
  for (let sent = 0, index = 0; sent < size; index += 1) {
    stamp.setFloat64(0, index, true);
    const chunk = pool.take().subarray(0, Math.min(CHUNK, size - sent));
    chunk.set(block.subarray(0, chunk.byteLength));
    digest.update(chunk);
    extracted.update(chunk);
    sent += chunk.byteLength;
    yield chunk;
  }
}
const text = (value: string) => ({ bytes: new TextEncoder().encode(value), value });
const before = text('before the large entry\n');
const after = text('après the large entry, past 4 GiB\n');
async function* entries(): AsyncGenerator<ZipEntry> {
  extracted.update(before.bytes);
  yield { name: 'before.txt', input: before.value };
  yield { name: 'large/' };
  yield { name: 'large/generated.bin', input: generated(), ...(args['unknown-size'] ? {} : { size }) };
  extracted.update(after.bytes);
  yield { name: 'après.txt', input: after.value };
}

/** Runs `command` on `input` and hashes what it writes, without keeping it. */
function hashed(command: string, args: string[], input: PassThrough): Promise<Ran> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const hash = createHash('sha256');
  const err: Buffer[] = [];
  let bytes = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.byteLength;
  });
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin.on('error', () => undefined);
  input.pipe(child.stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: `${bytes} ${hash.digest('hex')}`, stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}
const names = ['before.txt', 'large/', 'large/generated.bin', 'après.txt'];

const dir = await mkdtemp(join(args.dir, 'zip-readers-'));
const file = join(dir, 'large.zip');
const results: { reader: string; ok: boolean; seconds: number; detail: string }[] = [];
const timed = async (reader: string, check: () => Promise<string>, seconds?: number) => {
  const started = performance.now();
  const took = () => seconds ?? (performance.now() - started) / 1000;
  try {
    const detail = await check();
    results.push({ reader, ok: true, seconds: took(), detail });
  } catch (error) {
    results.push({
      reader,
      ok: false,
      seconds: took(),
      detail: error instanceof Error ? error.message : String(error),
    });
  }
};
const listed = (ran: Ran, expected: string[]) => {
  if (ran.code !== 0) throw new Error(`exited ${ran.code}: ${(ran.stderr || ran.stdout).trim().slice(0, 400)}`);
  const got = ran.stdout.split('\n').filter((line) => line !== '');
  if (got.join('\n') !== expected.join('\n')) throw new Error(`listed ${JSON.stringify(got)}`);
  return got.join(' | ');
};

try {
  log(`writing a ZIP of ${names.length} entries, one of ${size} bytes (${(size / 1024 ** 3).toFixed(2)} GiB)`);
  // The streaming readers read while the ZIP is written, each from its own pipe.
  const inputs = [0, 1, 2].map(() => new PassThrough({ highWaterMark: 4 * 1024 * 1024 }));
  const [listIn, extractIn, jarIn] = inputs as [PassThrough, PassThrough, PassThrough];
  const started = performance.now();
  const finished = (ran: Promise<Ran>) =>
    ran.then((done) => ({ ran: done, seconds: (performance.now() - started) / 1000 }));
  const streamed = Promise.all([
    finished(run('bsdtar', ['-tf', '-'], listIn)),
    finished(hashed('bsdtar', ['-xOf', '-'], extractIn)),
    finished(run('jar', ['t'], jarIn)),
  ]);
  const handle = await open(file, 'w');
  let zipBytes = 0;
  try {
    // The default output buffers: a new one per chunk, since the pipes may still hold the last ones.
    for await (const chunk of makeZip(entries())) {
      zipBytes += chunk.byteLength;
      await handle.write(chunk);
      for (const input of inputs) if (!input.destroyed && !input.write(chunk)) await drained(input);
    }
  } finally {
    await handle.close();
    for (const input of inputs) input.end();
  }
  const sha256 = digest.digest('hex');
  log(`ZIP written: ${zipBytes} bytes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [list, extract, jar] = await streamed;
  await timed('bsdtar -tf - (from a pipe, while written)', async () => listed(list.ran, names), list.seconds);
  await timed(
    'bsdtar -xOf - (from a pipe, while written; every byte hashed)',
    async () => {
      const expected = `${before.bytes.byteLength + size + after.bytes.byteLength} ${extracted.digest('hex')}`;
      if (extract.ran.code !== 0 || extract.ran.stdout !== expected)
        throw new Error(`exited ${extract.ran.code}, wrote ${extract.ran.stdout}: ${extract.ran.stderr.trim()}`);
      return `${extract.ran.stdout.split(' ')[0]} bytes, SHA-256 as generated`;
    },
    extract.seconds,
  );
  await timed(
    'Java ZipInputStream, jar t (from a pipe, while written)',
    async () => listed(jar.ran, names),
    jar.seconds,
  );
  await timed('python3 zipfile (every entry read, CRC and SHA-256)', async () => {
    const got = await pythonEntries(file);
    const large = got.find((entry) => entry.name === 'large/generated.bin');
    if (got.map((entry) => entry.name).join('\n') !== names.join('\n'))
      throw new Error(`listed ${JSON.stringify(got)}`);
    if (large?.size !== size || large.sha256 !== sha256) throw new Error(`large entry: ${JSON.stringify(large)}`);
    return `${got.length} entries, the large one ${large.size} bytes, SHA-256 as generated`;
  });
  for (const reader of readers.filter((each) => !each.streaming && each.name !== 'python3 zipfile'))
    await timed(reader.name, async () => {
      const got = await reader.names(file);
      if (got.join('\n') !== names.join('\n')) throw new Error(`listed ${JSON.stringify(got)}`);
      return got.join(' | ');
    });
} finally {
  if (args.keep) log(`kept ${file}`);
  else await rm(dir, { recursive: true, force: true });
}

for (const { reader, ok, seconds, detail } of results)
  log(`${ok ? 'ok    ' : 'FAILED'} ${reader}: ${seconds.toFixed(1)} s; ${detail}`);
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
