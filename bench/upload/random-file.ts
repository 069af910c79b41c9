// The test file: random bytes streamed to disk in 1 MiB chunks (never held in memory whole),
// hashed on the way so the uploaded object can be compared without reading the file again, and
// flushed to disk so its write-back does not slow down the first timed upload.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

const CHUNK = 1024 * 1024;

/** Writes `size` random bytes to `path` and returns their SHA-256 (hex). */
export async function writeRandomFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let written = 0; written < size; written += CHUNK) {
      const chunk = randomBytes(Math.min(CHUNK, size - written));
      hash.update(chunk);
      yield chunk;
    }
  }
  await pipeline(chunks(), createWriteStream(path, { flush: true }));
  return hash.digest('hex');
}
