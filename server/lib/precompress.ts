// Brotli and gzip copies of the built web app's text files, written once at build time beside
// each file (`app.js` → `app.js.br`, `app.js.gz`) at the best settings, so the static middleware
// hands out the smallest copy the browser accepts without compressing anything per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from './content-encoding';

export const variantSuffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Files that get compressed copies: text formats, and icons (often uncompressed bitmaps). */
export const precompressedExtensions = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.ico',
  '.wasm',
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A copy that saves less than this is not worth a second file or the decoding. */
const minSavedBytes = 64;

export type PrecompressSummary = { files: number; bytes: number; br: number; gzip: number };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(path);
      return entry.isFile() && precompressedExtensions.has(extname(entry.name).toLowerCase()) ? [path] : [];
    }),
  );
  return nested.flat();
}

async function compressOne(file: string): Promise<{ raw: number; br: number; gzip: number }> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const kept = { raw: raw.byteLength, br: raw.byteLength, gzip: raw.byteLength };
  if (raw.byteLength - br.byteLength >= minSavedBytes) {
    await writeFile(file + variantSuffix.br, br);
    kept.br = br.byteLength;
  }
  if (raw.byteLength - gz.byteLength >= minSavedBytes) {
    await writeFile(file + variantSuffix.gzip, gz);
    kept.gzip = gz.byteLength;
  }
  return kept;
}

/** Writes the copies for every eligible file under `dir` (dot folders such as .vite skipped). */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`);
  const files = await filesUnder(dir);
  const results = await Promise.all(files.map(compressOne));
  return results.reduce<PrecompressSummary>(
    (sum, r) => ({ files: sum.files + 1, bytes: sum.bytes + r.raw, br: sum.br + r.br, gzip: sum.gzip + r.gzip }),
    { files: 0, bytes: 0, br: 0, gzip: 0 },
  );
}
