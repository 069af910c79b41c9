// The service worker's precache as the build wrote it into dist/sw.js (Workbox's injected
// manifest): how many files, their size, and what they cost on the wire as the brotli copies the
// server sends a browser's worker.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const entrySchema = z.object({ url: z.string(), revision: z.string().nullable() });

export type Precache = { entries: number; bytes: number; wireBytes: number };

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}

export async function precacheOf(dist: string): Promise<Precache> {
  const sw = await readFile(join(dist, 'sw.js'), 'utf8');
  const entries = [...sw.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"[^"]*"\}/g)].map((match) =>
    entrySchema.parse(JSON.parse(match[0])),
  );
  if (entries.length === 0) throw new Error('no precache manifest found in dist/sw.js');
  let bytes = 0;
  let wireBytes = 0;
  for (const { url } of entries) {
    const file = join(dist, url);
    const size = await sizeOf(file);
    if (size === undefined) throw new Error(`precached file missing: ${url}`);
    bytes += size;
    wireBytes += (await sizeOf(`${file}.br`)) ?? size;
  }
  return { entries: entries.length, bytes, wireBytes };
}
