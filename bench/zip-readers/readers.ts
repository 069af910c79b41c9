// The ZIP readers the basket's ZIP must open, each run as a child process: Info-ZIP's unzip,
// Python's zipfile, bsdtar (libarchive) reading from a pipe, 7-Zip, and Java's ZipFile (`jar tf`)
// and ZipInputStream (`jar t` reading standard input). A streaming reader is fed through a pipe,
// never a redirected file: libarchive seeks in a standard input that is a regular file, which
// would hide exactly what a streaming reader gets wrong. Each reader checks every CRC it reads
// and answers the entries' names in archive order, or throws with what the tool printed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { z } from 'zod';

export type Ran = { code: number | null; stdout: string; stderr: string };

/** Resolves once `stream` takes writes again, or is gone. */
export function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Runs `command`; `input`, when given, is written to its standard input through a pipe. */
export function run(command: string, args: string[], input?: AsyncIterable<Uint8Array>): Promise<Ran> {
  const child = spawn(command, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  const closed = new Promise<Ran>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
  const { stdin } = child;
  if (input !== undefined && stdin !== null) {
    // A reader that stops early closes the pipe: its exit code says why, not the write's EPIPE.
    stdin.on('error', () => undefined);
    void (async () => {
      for await (const chunk of input) {
        if (stdin.destroyed) return;
        if (!stdin.write(chunk)) await drained(stdin);
      }
      stdin.end();
    })().catch(() => stdin.destroy());
  }
  return closed;
}

async function ok(command: string, args: string[], input?: AsyncIterable<Uint8Array>): Promise<string> {
  const ran = await run(command, args, input);
  if (ran.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${ran.code}: ${(ran.stderr || ran.stdout).trim()}`);
  return ran.stdout;
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/** Python's zipfile: every entry read and its CRC checked, its size and SHA-256 printed. */
const PYTHON_READ = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    out = []
    for info in z.infolist():
        digest = hashlib.sha256()
        with z.open(info) as entry:
            for block in iter(lambda: entry.read(1 << 20), b''):
                digest.update(block)
        out.append({'name': info.filename, 'size': info.file_size, 'sha256': digest.hexdigest()})
print(json.dumps(out))
`;

const pythonEntriesSchema = z.array(z.object({ name: z.string(), size: z.number(), sha256: z.string() }));
export type PythonEntry = z.infer<typeof pythonEntriesSchema>[number];

/** Every entry of `file` as Python's zipfile reads it (CRCs checked as it reads). */
export async function pythonEntries(file: string): Promise<PythonEntry[]> {
  return pythonEntriesSchema.parse(JSON.parse(await ok('python3', ['-c', PYTHON_READ, file])));
}

export type Reader = {
  name: string;
  /** Reads the ZIP from a pipe, as `cat x.zip | reader` would. */
  streaming: boolean;
  /** The entries' names in archive order, each entry's data read and checked. */
  names(file: string): Promise<string[]>;
};

const piped = (file: string) => createReadStream(file, { highWaterMark: 1024 * 1024 });

export const readers: Reader[] = [
  {
    name: 'unzip',
    streaming: false,
    async names(file) {
      await ok('unzip', ['-tq', file]);
      return lines(await ok('unzip', ['-Z1', file]));
    },
  },
  {
    name: 'python3 zipfile',
    streaming: false,
    async names(file) {
      const tested = await ok('python3', ['-m', 'zipfile', '-t', file]);
      if (tested.trim() !== 'Done testing') throw new Error(`python3 -m zipfile -t: ${tested.trim()}`);
      return (await pythonEntries(file)).map((entry) => entry.name);
    },
  },
  {
    name: 'bsdtar from a pipe',
    streaming: true,
    // Listing a streamed ZIP reads each entry through to its data descriptor and checks its CRC.
    names: async (file) => lines(await ok('bsdtar', ['-tf', '-'], piped(file))),
  },
  {
    name: '7z',
    streaming: false,
    async names(file) {
      const tested = await ok('7z', ['t', file]);
      if (!tested.includes('Everything is Ok') || /warning|error/i.test(tested)) throw new Error(`7z t: ${tested}`);
      const names: string[] = [];
      for (const line of lines(await ok('7z', ['l', '-slt', '-ba', file]))) {
        if (line.startsWith('Path = ')) names.push(line.slice('Path = '.length));
        else if (line === 'Folder = +') names.push(`${names.pop() ?? ''}/`);
      }
      return names;
    },
  },
  {
    name: 'Java ZipFile (jar tf)',
    streaming: false,
    names: async (file) => lines(await ok('jar', ['tf', file])),
  },
  {
    name: 'Java ZipInputStream (jar t from a pipe)',
    streaming: true,
    // ZipInputStream reads every entry to its end and checks its size and CRC.
    names: async (file) => lines(await ok('jar', ['t'], piped(file))),
  },
];

/** Each reader's answer for `file`: its names, or the error it ended with. */
export async function readAll(file: string, which: Reader[] = readers): Promise<Record<string, string[] | string>> {
  const answers: Record<string, string[] | string> = {};
  for (const reader of which) {
    try {
      answers[reader.name] = await reader.names(file);
    } catch (error) {
      answers[reader.name] = error instanceof Error ? error.message : String(error);
    }
  }
  return answers;
}

/** The files bsdtar extracts from the ZIP fed through a pipe, by path, with their SHA-256. */
export async function bsdtarExtract(file: string, into: string): Promise<Record<string, string>> {
  await ok('bsdtar', ['-xf', '-', '-C', into], piped(file));
  const found: Record<string, string> = {};
  for (const entry of await readdir(into, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found[path.slice(into.length + 1)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return found;
}
