// @vitest-environment node
// The basket's ZIP writer read back by Info-ZIP's unzip: names, folders, bytes, CRCs, dates, and
// the ZIP64 records of an entry past 4 GiB. That archive is written as a sparse file (its zero
// bytes are holes), so the test moves 4 GiB through the writer without 4 GiB on disk.
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip, type ZipEntry } from './zip-writer';

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
    // zipinfo's long listing: stored ("stor"), the mode, the date and time of the entry.
    const listing = unzip('-Z', '-l', file);
    expect(listing).toMatch(/-rw-rw-r--.* 3000000 .*stor 24-May-06 07:08 photos\/2024\/big\.bin/);
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

  it('writes the ZIP64 size fields, offsets and end records of an entry past 4 GiB', { timeout: 120_000 }, async () => {
    const zeros = new Uint8Array(16 * 1024 * 1024);
    const size = 4 * 1024 * 1024 * 1024 + 5 * 1024 * 1024;
    async function* holes(): AsyncGenerator<Uint8Array> {
      for (let sent = 0; sent < size; sent += zeros.byteLength)
        yield sent + zeros.byteLength <= size ? zeros : zeros.subarray(0, size - sent);
    }
    const file = join(dir, 'large.zip');
    const fd = openSync(file, 'w');
    let at = 0;
    try {
      const stream = makeZip(
        from([
          { name: 'huge.bin', input: holes() },
          { name: 'after.txt', input: 'after the large one' },
        ]),
      );
      for await (const part of stream) {
        // The zeros are left as holes of the sparse file; everything else is written where it goes.
        if (part.buffer !== zeros.buffer) writeSync(fd, part, 0, part.byteLength, at);
        at += part.byteLength;
      }
      ftruncateSync(fd, at);
    } finally {
      closeSync(fd);
    }
    const listing = unzip('-Z', '-l', file);
    expect(listing).toContain(`${size} `);
    expect(unzip('-Z1', file).trim().split('\n')).toEqual(['huge.bin', 'after.txt']);
    // after.txt starts past 4 GiB: its offset is in the ZIP64 extra field, the archive's in the
    // ZIP64 end records. unzip checks its CRC as it extracts it (huge.bin's is left unread: 4 GiB).
    expect(unzip('-p', file, 'after.txt')).toBe('after the large one');
  });
});
