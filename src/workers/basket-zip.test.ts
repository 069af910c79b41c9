// @vitest-environment node
// The basket's ZIP built in the worker's code against an in-test file system and storage (the
// injected fetch is the worker's HTTP boundary), written through the service worker's pull
// protocol, then read back with `unzip`: entries at every depth, bytes, and the error report; and
// opened by every ZIP reader the basket must work with, streaming ones included.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAll, readers } from '@bench/zip-readers/readers';
import { describe, expect, it } from 'vitest';
import type { BasketZipEvent } from './basket-protocol';
import { createBasketZip } from './basket-zip';

type Entry = { name: string; path: string; isDirectory: boolean; size: number | null };

const tree: Record<string, Entry[]> = {
  '/m/docs/': [
    { name: 'deep', path: '/m/docs/deep/', isDirectory: true, size: null },
    { name: 'empty', path: '/m/docs/empty/', isDirectory: true, size: null },
    { name: 'one.txt', path: '/m/docs/one.txt', isDirectory: false, size: 3 },
    { name: 'broken.bin', path: '/m/docs/broken.bin', isDirectory: false, size: 4 },
  ],
  '/m/docs/deep/': [{ name: 'two.bin', path: '/m/docs/deep/two.bin', isDirectory: false, size: 5_000_000 }],
  '/m/docs/empty/': [],
};
const bodies: Record<string, Uint8Array<ArrayBuffer>> = {
  '/m/docs/one.txt': new TextEncoder().encode('one'),
  '/m/docs/deep/two.bin': Uint8Array.from({ length: 5_000_000 }, (_, i) => (i * 7) % 251),
  '/m/top.txt': new TextEncoder().encode('top level'),
  '/m/unlisted-size.bin': Uint8Array.from({ length: 70_000 }, (_, i) => i % 256),
};

function json(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, message: 'ok', success: true, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const listing = (path: string, items: Entry[], page: 'first' | 'second') => ({
  path,
  isRoot: false,
  isVirtual: false,
  mount_id: 'm1',
  storage_type: 's3',
  canWrite: true,
  // The first page of docs/ holds two entries, the rest come with the cursor.
  items: items.slice(page === 'first' ? 0 : 2, page === 'first' && path === '/m/docs/' ? 2 : undefined).map((item) => ({
    ...item,
    isMount: false,
    isVirtual: false,
    modified: '2030-01-02T03:04:05.000Z',
    etag: null,
    contentType: null,
    mount_id: 'm1',
    storage_type: 's3',
  })),
  nextCursor: page === 'first' && path === '/m/docs/' ? 'c2' : null,
});

const fetchImpl: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const path = url.searchParams.get('path') ?? '';
  if (url.pathname === '/api/admin/fs/list')
    return json(listing(path, tree[path] ?? [], url.searchParams.has('cursor') ? 'second' : 'first'));
  if (url.pathname === '/api/admin/fs/file-link') {
    return json({
      path,
      name: path,
      presignedUrl: `http://storage.test${path}`,
      expiresIn: 60,
      expiresAt: '2030-01-01T00:00:00Z',
      forceDownload: true,
      mount_id: 'm1',
      storage_type: 's3',
    });
  }
  if (url.host === 'storage.test') {
    const body = bodies[url.pathname];
    // Storage says each body's length, as S3 and the local driver do.
    return body === undefined
      ? new Response('down', { status: 503 })
      : new Response(body, { headers: { 'content-length': String(body.byteLength) } });
  }
  return new Response('no', { status: 404 });
};

/** Plays the service worker: pulls batches until done, handing each batch's buffer back two pulls later. */
async function pullAll(port: MessagePort): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sent: ArrayBuffer[] = [];
  return new Promise((resolve, reject) => {
    port.onmessage = (
      event: MessageEvent<{ type: string; chunk?: ArrayBuffer; length?: number; message?: string }>,
    ) => {
      if (event.data.type === 'chunk' && event.data.chunk) {
        // A copy: the buffer goes back to the worker, which fills it again.
        parts.push(Buffer.from(new Uint8Array(event.data.chunk, 0, event.data.length)));
        sent.push(event.data.chunk);
        const recycle = sent.length > 2 ? sent.shift() : undefined;
        port.postMessage({ type: 'pull', recycle }, recycle === undefined ? [] : [recycle]);
      } else if (event.data.type === 'done') resolve(Buffer.concat(parts));
      else reject(new Error(event.data.message));
    };
    port.start();
    port.postMessage({ type: 'pull' });
  });
}

describe('basket ZIP in the worker', { timeout: 120_000 }, () => {
  it('keeps the folder structure at every depth, streams the bytes, and reports what failed', async () => {
    const zip = createBasketZip({
      fetch: fetchImpl,
      connection: () => ({ baseUrl: 'http://app.test/api', credentials: { scheme: 'admin', token: 't' } }),
      sleep: async () => undefined,
      now: () => Date.now(),
    });
    const channel = new MessageChannel();
    const events: BasketZipEvent[] = [];
    const pulled = pullAll(channel.port1);
    const result = await zip.download(
      {
        id: 'job-1',
        reportName: 'download-errors.txt',
        sink: { kind: 'port', port: channel.port2 },
        entries: [
          {
            id: 'fs|admin|/m/docs/',
            source: 'fs',
            scope: 'admin',
            path: '/m/docs/',
            name: 'docs',
            isDirectory: true,
            size: null,
          },
          {
            id: 'fs|admin|/m/top.txt',
            source: 'fs',
            scope: 'admin',
            path: '/m/top.txt',
            name: 'top.txt',
            isDirectory: false,
            size: 9,
          },
        ],
      },
      (event) => events.push(event),
    );
    expect(result).toEqual({ ok: true, files: 3, failed: 1, bytes: 5_000_012 });
    const dir = mkdtempSync(join(tmpdir(), 'basket-zip-'));
    try {
      const file = join(dir, 'out.zip');
      writeFileSync(file, await pulled);
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
      expect(names).toEqual([
        'docs/',
        'docs/deep/',
        'docs/deep/two.bin',
        'docs/empty/',
        'docs/one.txt',
        'download-errors.txt',
        'top.txt',
      ]);
      expect(
        execFileSync('unzip', ['-p', file, 'docs/deep/two.bin'], { maxBuffer: 16 * 1024 * 1024 }).equals(
          Buffer.from(bodies['/m/docs/deep/two.bin'] ?? []),
        ),
      ).toBe(true);
      expect(execFileSync('unzip', ['-p', file, 'top.txt'], { encoding: 'utf8' })).toBe('top level');
      expect(execFileSync('unzip', ['-p', file, 'download-errors.txt'], { encoding: 'utf8' })).toContain(
        'docs/broken.bin\thttp-503',
      );
      const inOrder = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(await readAll(file)).toEqual(Object.fromEntries(readers.map((reader) => [reader.name, inOrder])));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const statuses = events.flatMap((event) => (event.type === 'entry' ? [`${event.id}:${event.status}`] : []));
    expect(statuses).toEqual([
      'fs|admin|/m/docs/:preparing',
      'fs|admin|/m/docs/:downloading',
      'fs|admin|/m/top.txt:preparing',
      'fs|admin|/m/docs/:failed',
      'fs|admin|/m/top.txt:downloading',
      'fs|admin|/m/top.txt:completed',
    ]);
    const files = events.flatMap((event) =>
      event.type === 'file' ? [`${event.entry.zipPath ?? event.entry.name}:${event.failure === undefined}`] : [],
    );
    expect(files.sort()).toEqual([
      'docs/broken.bin:false',
      'docs/deep/two.bin:true',
      'docs/one.txt:true',
      'top.txt:true',
    ]);
  });

  it('gives the ZIP a file length from its response when the listing has none, so Java streams the basket', async () => {
    const zip = createBasketZip({
      fetch: fetchImpl,
      connection: () => ({ baseUrl: 'http://app.test/api', credentials: { scheme: 'admin', token: 't' } }),
      sleep: async () => undefined,
      now: () => Date.now(),
    });
    const channel = new MessageChannel();
    const pulled = pullAll(channel.port1);
    const result = await zip.download(
      {
        id: 'job-2',
        reportName: 'download-errors.txt',
        sink: { kind: 'port', port: channel.port2 },
        entries: [
          {
            id: 'fs|admin|/m/unlisted-size.bin',
            source: 'fs',
            scope: 'admin',
            path: '/m/unlisted-size.bin',
            name: 'unlisted-size.bin',
            isDirectory: false,
            size: null,
          },
        ],
      },
      () => undefined,
    );
    expect(result).toEqual({ ok: true, files: 1, failed: 0, bytes: 70_000 });
    const dir = mkdtempSync(join(tmpdir(), 'basket-zip-'));
    try {
      const file = join(dir, 'out.zip');
      const bytes = await pulled;
      writeFileSync(file, bytes);
      // A local header without a ZIP64 field: its descriptor has 4-byte sizes, as Java 17 reads them.
      expect(bytes.readUInt16LE(28)).toBe(0);
      expect(await readAll(file)).toEqual(
        Object.fromEntries(readers.map((reader) => [reader.name, ['unlisted-size.bin']])),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
