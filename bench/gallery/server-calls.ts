// The gallery benchmark's calls to the server from Node: the API as the admin, and the server's
// own answer to the gallery's thumbnail calls timed with the listing's ETag and without.
import { loadavg } from 'node:os';
import { z } from 'zod';
import type { BenchServer } from '@bench/upload/server';

const envelope = z.object({ data: z.unknown() });
const load = () => (loadavg()[0] ?? 0).toFixed(2);

export async function call(server: BenchServer, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return envelope.parse(JSON.parse(text)).data;
}

const listingSchema = z.object({ items: z.array(z.object({ path: z.string(), etag: z.nullable(z.string()) })) });

export type EtagTimes = { withEtag: number[]; without: number[]; load: string };

/**
 * The server's own answer to the gallery's thumbnail calls, timed from here (no browser in the
 * way): blocks of six calls at once (the page's six), each block with the listing's ETag or
 * without it (the server then HEADs each file first), alternating; each call until its redirect.
 */
export async function timeThumbnailCalls(server: BenchServer, folder: string, blocks: number): Promise<EtagTimes> {
  const listing = listingSchema.parse(
    await call(server, 'GET', `/admin/fs/list?${new URLSearchParams({ path: folder, limit: '500' })}`),
  );
  const files = listing.items.filter((item) => item.etag !== null);
  const times: EtagTimes = { withEtag: [], without: [], load: '' };
  const once = async (file: { path: string; etag: string | null }, withEtag: boolean) => {
    const query = new URLSearchParams({
      path: file.path,
      size: 'tile',
      ...(withEtag && file.etag ? { etag: file.etag } : {}),
    });
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/admin/fs/thumbnail?${query}`, {
      headers: { authorization: `Bearer ${server.token}` },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`thumbnail call: HTTP ${response.status}`);
    (withEtag ? times.withEtag : times.without).push(performance.now() - started);
  };
  for (let block = 0; block < blocks; block += 1) {
    const batch = Array.from({ length: 6 }, (_, i) => files[(block * 6 + i) % files.length]);
    await Promise.all(batch.map((file) => (file === undefined ? undefined : once(file, block % 2 === 0))));
  }
  times.load = load();
  return times;
}
