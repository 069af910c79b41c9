// @vitest-environment node
// Baskets written by the real ZIP writer, the way the basket writes them (input chunks read into
// the byte pool's buffers, each output chunk given back as soon as the sink copied it), opened by
// every reader the basket must work with: unzip, Python's zipfile, bsdtar from a pipe, 7-Zip,
// Java's ZipFile and Java's ZipInputStream from a pipe (`bench/zip-readers/readers.ts`). The
// entry past 4 GiB is in `bench/zip-readers/run.ts` (`npm run bench:zip-readers`), outside the suite.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bsdtarExtract, pythonEntries, readAll, readers } from '@bench/zip-readers/readers';
import { afterAll, describe, expect, it } from 'vitest';
import { createBytePool } from './byte-pool';
import { makeZip, type ZipEntry } from './zip-writer';

const dir = mkdtempSync(join(tmpdir(), 'zip-readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POOL_BYTES = 256 * 1024;

/** A folder (no bytes), or a file given in chunks of these sizes, its size said beforehand or not. */
type Spec = { name: string; bytes?: Uint8Array; chunks?: number[]; sizeKnown?: boolean };

function bytesOf(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Writes the basket of `specs` to a file as the basket would, and returns the file. */
async function basket(fileName: string, specs: Spec[]): Promise<string> {
  const pool = createBytePool(POOL_BYTES, 8);
  async function* pieces(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
    let at = 0;
    for (const size of [...sizes, bytes.byteLength]) {
      const n = Math.min(size, bytes.byteLength - at);
      if (n <= 0) break;
      // Read into a pooled buffer where it fits, as the basket's bodies are.
      const chunk = n <= POOL_BYTES ? pool.take().subarray(0, n) : new Uint8Array(n);
      chunk.set(bytes.subarray(at, at + n));
      at += n;
      yield chunk;
    }
  }
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const spec of specs) {
      if (spec.bytes === undefined) yield { name: spec.name };
      else
        yield {
          name: spec.name,
          input: pieces(spec.bytes, spec.chunks ?? []),
          ...(spec.sizeKnown === false ? {} : { size: spec.bytes.byteLength }),
          lastModified: new Date(2025, 2, 4, 5, 6, 8),
        };
    }
  }
  const parts: Buffer[] = [];
  for await (const chunk of makeZip(entries(), { buffers: pool })) {
    parts.push(Buffer.from(chunk));
    pool.give(chunk);
  }
  const file = join(dir, fileName);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** What each reader should answer: the names in order, from every reader. */
const everyReader = (names: string[], which = readers) =>
  Object.fromEntries(which.map((reader) => [reader.name, names]));

/** The files' SHA-256 as Python reads them and as bsdtar extracts them from a pipe. */
async function expectBytes(file: string, specs: Spec[]): Promise<void> {
  const files = specs.filter((spec) => spec.bytes !== undefined);
  expect(await pythonEntries(file)).toEqual(
    specs.map((spec) => ({
      name: spec.name,
      size: spec.bytes?.byteLength ?? 0,
      sha256: sha256(spec.bytes ?? new Uint8Array(0)),
    })),
  );
  const into = join(dir, `${file.split('/').pop() ?? 'zip'}-x`);
  mkdirSync(into);
  expect(await bsdtarExtract(file, into)).toEqual(
    Object.fromEntries(files.map((spec) => [spec.name, sha256(spec.bytes ?? new Uint8Array(0))])),
  );
}

const text = (value: string) => new TextEncoder().encode(value);

describe('the basket ZIP in every reader', { timeout: 180_000 }, () => {
  it('opens a basket of folders, files in every chunking, an empty file and UTF-8 names everywhere', async () => {
    const specs: Spec[] = [
      { name: 'photos/' },
      { name: 'photos/2024/' },
      // Chunks around the 65,535-byte block limit and the 256 KiB output buffer.
      { name: 'photos/2024/big.bin', bytes: bytesOf(700_000, 1), chunks: [1, 65_534, 65_536, 300_000] },
      { name: 'one-block.bin', bytes: bytesOf(65_535, 2) },
      { name: 'two-blocks.bin', bytes: bytesOf(65_536, 3) },
      { name: 'byte-by-byte.bin', bytes: bytesOf(3_000, 4), chunks: Array.from({ length: 3_000 }, () => 1) },
      { name: 'one-large-chunk.bin', bytes: bytesOf(1_500_000, 5) },
      { name: 'empty.txt', bytes: new Uint8Array(0) },
      { name: 'Ünïcödé/' },
      { name: 'Ünïcödé/ça va ✓.txt', bytes: text('déjà vu\n') },
      { name: '笔记 notes.md', bytes: text('# 标题\nbody\n') },
      { name: '😀 emoji.bin', bytes: bytesOf(10, 6) },
      { name: 'download-errors.txt', bytes: text('path\terror\tdetail\n') },
    ];
    const file = await basket('several.zip', specs);
    expect(await readAll(file)).toEqual(everyReader(specs.map((spec) => spec.name)));
    await expectBytes(file, specs);
  });

  it('opens a basket of one empty file', async () => {
    const specs: Spec[] = [{ name: 'nothing.txt', bytes: new Uint8Array(0) }];
    const file = await basket('one-empty.zip', specs);
    expect(await readAll(file)).toEqual(everyReader(['nothing.txt']));
    await expectBytes(file, specs);
  });

  it('writes a file of known size under 4 GiB without ZIP64, so streaming readers take its 4-byte sizes', async () => {
    const file = await basket('known.zip', [{ name: 'a.bin', bytes: bytesOf(100, 7) }]);
    const zip = readFileSync(file);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(8)).toBe(8); // deflated (stored blocks)
    expect(zip.readUInt32LE(18)).toBe(0); // sizes follow in the descriptor
    expect(zip.readUInt16LE(28)).toBe(0); // no extra field
  });

  it('writes a file of unknown size with a ZIP64 local header and descriptor, which every reader but Java 17 streaming opens', async () => {
    // Java 17's ZipInputStream reads a descriptor's sizes as 8 bytes only once an entry passed
    // 4 GiB, whatever the local header says; the basket gives the writer each file's size (its
    // listing's, else its Content-Length), so only a body of unknown length is written this way.
    const specs: Spec[] = [
      { name: 'dir/' },
      { name: 'dir/unknown.bin', bytes: bytesOf(200_000, 8), chunks: [70_000], sizeKnown: false },
      { name: 'empty-unknown', bytes: new Uint8Array(0), sizeKnown: false },
      { name: '名字.txt', bytes: text('known'), sizeKnown: true },
    ];
    const file = await basket('unknown.zip', specs);
    const zip = readFileSync(file);
    // dir/ (30 + 4 bytes), then dir/unknown.bin's local header.
    const at = 34;
    expect(zip.readUInt32LE(at)).toBe(0x04034b50);
    expect([zip.readUInt32LE(at + 18), zip.readUInt32LE(at + 22)]).toEqual([0xffffffff, 0xffffffff]);
    expect(zip.readUInt16LE(at + 28)).toBe(20);
    expect(zip.readUInt16LE(at + 30 + 15)).toBe(0x0001);
    const seekableAndBsdtar = readers.filter((reader) => reader.name !== 'Java ZipInputStream (jar t from a pipe)');
    expect(await readAll(file, seekableAndBsdtar)).toEqual(
      everyReader(
        specs.map((spec) => spec.name),
        seekableAndBsdtar,
      ),
    );
    await expectBytes(file, specs);
  });
});
