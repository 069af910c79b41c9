// Disk helpers of the local driver. Every key is resolved inside the driver's root and refused
// if it could escape it; every write goes to a temp file in the same folder, is fsynced, renamed.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError } from './storage-driver';

export const tempPrefix = '.clipdock-tmp-';
const maxKeyLength = 1024;

/** Validates an object key; a trailing `/` (a folder marker) is allowed. */
export function checkKey(key: string): void {
  const bad = (why: string) => new StorageError('bad-key', `invalid object key: ${why}`);
  if (key === '' || key.length > maxKeyLength) throw bad('empty or too long');
  if (key.includes('\0')) throw bad('contains NUL');
  if (key.startsWith('/') || key.startsWith('\\') || /^[A-Za-z]:/.test(key)) throw bad('absolute');
  const segments = key.endsWith('/') ? key.slice(0, -1).split('/') : key.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') throw bad('empty, "." or ".." segment');
    if (segment.startsWith(tempPrefix)) throw bad('reserved name');
  }
}

/** Joins `relative` under `root` and proves the result stays inside it. */
export function inside(root: string, relative: string): string {
  const full = resolve(root, relative);
  if (full !== root && !full.startsWith(root + sep))
    throw new StorageError('bad-key', 'invalid object key: escapes the storage folder');
  return full;
}

export type WrittenFile = { md5: Buffer; size: number };

/** Streams `source` into `dest` atomically, computing MD5 and size on the way. */
export async function writeAtomic(
  dest: string,
  source: Readable | AsyncIterable<Buffer>,
  afterChunk?: (total: number) => void,
): Promise<WrittenFile> {
  const dir = dirname(dest);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${tempPrefix}${randomBytes(8).toString('hex')}`);
  const hash = createHash('md5');
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          afterChunk?.(size);
          yield chunk;
        }
      },
      createWriteStream(temp, { mode: 0o600 }),
    );
    await fsyncPath(temp);
    await rename(temp, dest);
    return { md5: hash.digest(), size };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeFileAtomic(dest: string, content: string): Promise<void> {
  async function* once() {
    yield Buffer.from(content);
  }
  await writeAtomic(dest, once());
}

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
