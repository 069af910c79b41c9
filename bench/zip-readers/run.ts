// The basket's ZIP with an entry past 4 GiB, opened by every reader: too slow for the suite, so
// it runs here (`npm run bench:zip-readers`). The entry's bytes are generated as the writer pulls
// them (256 KiB chunks of the byte pool, each a random block stamped with its index), never held
// whole. The ZIP goes at once into `bsdtar -tvf -` and `jar t` through pipes, as a download piped
// into a streaming reader would, and into a file for the readers that seek (unzip, Python's
// zipfile, 7z, `jar tf`); after the large entry comes a small one whose offset is past 4 GiB. The
// file is deleted at the end unless --keep. Prints one line per reader and exits 1 if any failed.
// `npx tsx bench/zip-readers/run.ts [--gib 4.25] [--dir /tmp] [--keep] [--unknown-size]`
import { createHash, randomFillSync } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { createBytePool } from '@workers/byte-pool';
import { makeZip, type ZipEntry } from '@workers/zip-writer';
import { pythonEntries, type Ran, readers, run } from './readers';

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
const digest = createHash('sha256');
async function* generated(): AsyncGenerator<Uint8Array> {
  const stamp = new DataView(block.buffer);
  for (let sent = 0, index = 0; sent < size; index += 1) {
    stamp.setFloat64(0, index, true);
    const chunk = pool.take().subarray(0, Math.min(CHUNK, size - sent));
    chunk.set(block.subarray(0, chunk.byteLength));
    digest.update(chunk);
    sent += chunk.byteLength;
    yield chunk;
  }
}
const text = (value: string) => ({ bytes: new TextEncoder().encode(value), value });
const before = text('before the large entry\n');
const after = text('après the large entry, past 4 GiB\n');
async function* entries(): AsyncGenerator<ZipEntry> {
  yield { name: 'before.txt', input: before.value };
  yield { name: 'large/' };
  yield { name: 'large/generated.bin', input: generated(), ...(args['unknown-size'] ? {} : { size }) };
  yield { name: 'après.txt', input: after.value };
}
const names = ['before.txt', 'large/', 'large/generated.bin', 'après.txt'];

const dir = await mkdtemp(join(args.dir, 'zip-readers-'));
const file = join(dir, 'large.zip');
const results: { reader: string; ok: boolean; seconds: number; detail: string }[] = [];
const timed = async (reader: string, check: () => Promise<string>) => {
  const started = performance.now();
  try {
    const detail = await check();
    results.push({ reader, ok: true, seconds: (performance.now() - started) / 1000, detail });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ reader, ok: false, seconds: (performance.now() - started) / 1000, detail });
  }
};
const answered = (ran: Ran, expected: string[], parse: (line: string) => string) => {
  if (ran.code !== 0) throw new Error(`exited ${ran.code}: ${(ran.stderr || ran.stdout).trim().slice(0, 400)}`);
  const got = ran.stdout.split('\n').filter((line) => line !== '');
  if (got.map(parse).join('\n') !== expected.join('\n')) throw new Error(`listed ${JSON.stringify(got)}`);
  return got.join(' | ');
};

try {
  log(`writing a ZIP of ${names.length} entries, one of ${size} bytes (${(size / 1024 ** 3).toFixed(2)} GiB)`);
  // The streaming readers read while the ZIP is written; each gets its own copy of every chunk.
  const bsdtarIn = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  const jarIn = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  const started = performance.now();
  const streamed = Promise.all([
    run('bsdtar', ['-tvf', '-'], bsdtarIn).then((ran) => ({ ran, seconds: (performance.now() - started) / 1000 })),
    run('jar', ['t'], jarIn).then((ran) => ({ ran, seconds: (performance.now() - started) / 1000 })),
  ]);
  const handle = await open(file, 'w');
  let zipBytes = 0;
  try {
    for await (const chunk of makeZip(entries())) {
      zipBytes += chunk.byteLength;
      await handle.write(chunk);
      for (const input of [bsdtarIn, jarIn])
        if (!input.destroyed && !input.write(chunk)) await new Promise((resolve) => input.once('drain', resolve));
    }
  } finally {
    await handle.close();
    bsdtarIn.end();
    jarIn.end();
  }
  const sha256 = digest.digest('hex');
  log(`ZIP written: ${zipBytes} bytes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [bsdtar, jar] = await streamed;
  await timed('bsdtar -tvf - (from a pipe, while written)', async () => {
    // bsdtar's long listing: mode, owner, group, size, date, name.
    const detail = answered(bsdtar.ran, names, (line) => line.split(/\s+/).slice(8).join(' '));
    const sizes = bsdtar.ran.stdout.split('\n').filter((line) => line.includes('generated.bin'));
    if (!sizes.some((line) => line.split(/\s+/)[4] === String(size))) throw new Error(`sizes: ${sizes.join(' ')}`);
    return `${detail} (done ${bsdtar.seconds.toFixed(1)} s after the start)`;
  });
  await timed('Java ZipInputStream, jar t (from a pipe, while written)', async () => {
    return `${answered(jar.ran, names, (line) => line)} (done ${jar.seconds.toFixed(1)} s after the start)`;
  });
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
