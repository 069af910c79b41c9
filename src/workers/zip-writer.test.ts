// @vitest-environment node
// The basket's ZIP writer read back by Info-ZIP's unzip (names, folders, bytes, CRCs, dates) and
// by zlib (its stored deflate blocks), and its ZIP64 records byte by byte. Every other reader is
// in zip-readers.test.ts; an entry past 4 GiB in bench/zip-readers/run.ts, outside the suite.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip, type ZipEntry } from './zip-writer';
import { centralHeader, dataDescriptor, endRecords, localHeader, type Written } from './zip-records';

const dir = mkdtempSync(join(tmpdir(), 'zip-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* from(entries: ZipEntry[]): AsyncGenerator<ZipEntry> {
  yield* entries;
}

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const unzip = (...args: string[]) => execFileSync('unzip', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('ZIP writer', () => {
  it('writes folders, files in chunks and text entries that unzip lists, tests and extracts byte for byte', async () => {
    const big = Uint8Array.from({ length: 3_000_000 }, (_, i) => (i * 31) % 253);
    const zip = await collect(
      makeZip(
        from([
          { name: 'photos/' },
          { name: 'photos/2024/' },
          {
            name: 'photos/2024/big.bin',
            input: chunks(big.subarray(0, 1_000_000), big.subarray(1_000_000, 1_000_001), big.subarray(1_000_001)),
            lastModified: new Date(2024, 4, 6, 7, 8, 10),
          },
          { name: 'photos/empty.txt', input: chunks() },
          { name: '笔记 notes.md', input: '# 标题\nbody\n' },
        ]),
      ),
    );
    const file = join(dir, 'plain.zip');
    writeFileSync(file, zip);
    expect(unzip('-Z1', file).trim().split('\n')).toEqual([
      'photos/',
      'photos/2024/',
      'photos/2024/big.bin',
      'photos/empty.txt',
      '笔记 notes.md',
    ]);
    unzip('-tq', file);
    expect(
      execFileSync('unzip', ['-p', file, 'photos/2024/big.bin'], { maxBuffer: 16 * 1024 * 1024 }).equals(
        Buffer.from(big),
      ),
    ).toBe(true);
    expect(unzip('-p', file, '笔记 notes.md')).toBe('# 标题\nbody\n');
    expect(unzip('-p', file, 'photos/empty.txt')).toBe('');
    // zipinfo's long listing: deflated ("defN", in stored blocks: 230 bytes more), the mode, the date and time.
    const listing = unzip('-Z', '-l', file);
    expect(listing).toMatch(/-rw-rw-r--.* 3000000 bl {2}3000230 defN 24-May-06 07:08 photos\/2024\/big\.bin/);
    expect(listing).toMatch(/drwxrwxr-x.*photos\/2024\//);
  });

  it('ends early without a trailing record when the reader cancels', async () => {
    let closed = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield new Uint8Array(1024);
      } finally {
        closed = true;
      }
    }
    const reader = makeZip(from([{ name: 'endless.bin', input: endless() }])).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel(new Error('stopped'));
    expect(closed).toBe(true);
  });

  it('frames every chunking into stored deflate blocks that inflate back to the bytes, in output buffers of any size', async () => {
    const bytes = Uint8Array.from({ length: 400_000 }, (_, i) => (i * 7919) % 251);
    const chunkings = [
      [400_000],
      [1, 65_534, 65_535, 65_536, 131_072, 72_322],
      Array.from({ length: 400 }, () => 1000),
    ];
    for (const outputBytes of [64 * 1024, 100_000, 1024 * 1024])
      for (const sizes of chunkings) {
        async function* pieces(): AsyncGenerator<Uint8Array> {
          let at = 0;
          for (const size of sizes) {
            yield bytes.subarray(at, at + size);
            at += size;
          }
        }
        const given: Uint8Array[] = [];
        const buffers = { take: () => new Uint8Array(outputBytes), give: (chunk: Uint8Array) => given.push(chunk) };
        const out: Uint8Array[] = [];
        for await (const chunk of makeZip(from([{ name: 'a.bin', input: pieces(), size: bytes.byteLength }]), {
          buffers,
        }))
          out.push(chunk);
        expect(out.every((chunk) => chunk.buffer.byteLength === outputBytes)).toBe(true);
        expect(given).toHaveLength(sizes.length);
        const zip = Buffer.concat(out);
        // The deflate stream starts after the 30-byte local header and the name; the descriptor follows it.
        const descriptor = zip.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), 30);
        const deflated = zip.subarray(35, descriptor);
        expect(inflateRawSync(deflated).equals(bytes)).toBe(true);
        expect(zip.readUInt32LE(descriptor + 8)).toBe(deflated.byteLength);
        expect(zip.readUInt32LE(descriptor + 12)).toBe(bytes.byteLength);
        // Under 0.1 % more than the bytes themselves.
        expect(deflated.byteLength - bytes.byteLength).toBeLessThan(bytes.byteLength / 1000);
      }
  });
});

describe('ZIP records', () => {
  const entry = (values: Partial<Written>): Written => ({
    name: new TextEncoder().encode('x'),
    folder: false,
    zip64: true,
    time: 0,
    date: 0,
    crc: 0x12345678,
    size: 10,
    compressed: 15,
    offset: 0,
    ...values,
  });

  it('puts into the central ZIP64 field only the values that do not fit, in the order of the specification', () => {
    const GIB = 1024 ** 3;
    const cases: [Partial<Written>, (number | null)[]][] = [
      [{}, [null, null, null]],
      [{ size: 5 * GIB, compressed: 5 * GIB + 500 }, [5 * GIB, 5 * GIB + 500, null]],
      [{ size: 4 * GIB - 100, compressed: 4 * GIB + 10 }, [null, 4 * GIB + 10, null]],
      [{ offset: 6 * GIB }, [null, null, 6 * GIB]],
      [{ size: 5 * GIB, compressed: 5 * GIB + 1, offset: 7 * GIB }, [5 * GIB, 5 * GIB + 1, 7 * GIB]],
    ];
    for (const [values, expected] of cases) {
      const header = Buffer.from(centralHeader(entry(values)));
      const fields = [header.readUInt32LE(24), header.readUInt32LE(20), header.readUInt32LE(42)];
      const large = expected.filter((value) => value !== null);
      expect(header.readUInt16LE(30)).toBe(large.length > 0 ? 4 + 8 * large.length : 0);
      let at = 46 + 1 + 4;
      expected.forEach((value, i) => {
        if (value === null) return;
        expect(fields[i]).toBe(0xffffffff);
        expect(Number(header.readBigUInt64LE(at))).toBe(value);
        at += 8;
      });
      if (large.length > 0) expect(header.readUInt16LE(47)).toBe(0x0001);
    }
  });

  it('writes the ZIP64 end records when the directory starts past 4 GiB or holds 65,535 entries', () => {
    expect(endRecords(3, 100, 200)).toHaveLength(1);
    const cases: [number, number][] = [
      [3, 5 * 1024 ** 3],
      [70_000, 100],
    ];
    for (const [count, offset] of cases) {
      const [end64, end] = endRecords(count, offset, 300).map((bytes) => Buffer.from(bytes));
      expect(end64?.readUInt32LE(0)).toBe(0x06064b50);
      expect(Number(end64?.readBigUInt64LE(32))).toBe(count);
      expect(Number(end64?.readBigUInt64LE(48))).toBe(offset);
      expect(end64?.readUInt32LE(56)).toBe(0x07064b50);
      expect(Number(end64?.readBigUInt64LE(64))).toBe(offset + 300);
      expect(end?.readUInt16LE(10)).toBe(Math.min(count, 0xffff));
      expect(end?.readUInt32LE(16)).toBe(Math.min(offset, 0xffffffff));
    }
  });

  it('gives a ZIP64 local header both sizes as 0xFFFFFFFF and a ZIP64 field of zeros, and its descriptor 8-byte sizes', () => {
    const local = Buffer.from(localHeader(entry({})));
    expect([local.readUInt32LE(18), local.readUInt32LE(22)]).toEqual([0xffffffff, 0xffffffff]);
    expect([local.readUInt16LE(28), local.readUInt16LE(31), local.readUInt16LE(33)]).toEqual([20, 0x0001, 16]);
    expect(local.subarray(35).equals(Buffer.alloc(16))).toBe(true);
    const descriptor = Buffer.from(dataDescriptor(entry({})));
    expect(descriptor.byteLength).toBe(24);
    expect([Number(descriptor.readBigUInt64LE(8)), Number(descriptor.readBigUInt64LE(16))]).toEqual([15, 10]);
    expect(Buffer.from(dataDescriptor(entry({ zip64: false }))).byteLength).toBe(16);
  });
});
