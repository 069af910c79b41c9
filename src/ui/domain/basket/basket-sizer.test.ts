// Folder counting for the basket against an in-test file system behind the API client's fetch:
// every depth and cursor page summed, never more list calls at once than the limit, a removed
// entry's count cancelled, a refused listing recorded (and not tried again on this page).
import { describe, expect, it } from 'vitest';
import type { FolderCount } from '@db/basket';
import type { BasketItemDoc } from '@db/schemas/basket.schema';
import type { FsEntry } from '@shared/api/fs.schema';
import { createApiClient } from '@shared/http/api-client';
import { countFolder, createBasketSizer, createLimit } from './basket-sizer';
import { fsEntryAt } from '@ui/testing/fs-entries';

/** Folder path → entries; folders end with `/`. */
const tree: Record<string, FsEntry[]> = {
  '/m/docs/': [
    fsEntryAt('/m/docs/a/', null),
    fsEntryAt('/m/docs/b/', null),
    fsEntryAt('/m/docs/one.txt', 100),
    fsEntryAt('/m/docs/two.txt', 20),
  ],
  '/m/docs/a/': [fsEntryAt('/m/docs/a/deep/', null), fsEntryAt('/m/docs/a/three.bin', 3_000)],
  '/m/docs/a/deep/': [fsEntryAt('/m/docs/a/deep/four.bin', 40_000)],
  '/m/docs/b/': [],
  '/m/photos/': [fsEntryAt('/m/photos/p.jpg', 5)],
  '/m/secret/': [fsEntryAt('/m/secret/inner/', null)],
};
const PAGE = 2;

function reply(data: unknown, code = 200): Response {
  const error = code === 403 ? 'FORBIDDEN' : 'NOT_FOUND';
  return new Response(
    JSON.stringify(
      code === 200
        ? { code, message: 'ok', success: true, data }
        : { code, message: 'no', success: false, data: { error } },
    ),
    {
      status: code,
      headers: { 'content-type': 'application/json' },
    },
  );
}

/** The file system's listing, two entries a page; `hold` keeps a folder's answer until released. */
function fileSystem() {
  const calls: string[] = [];
  const held = new Map<string, () => void>();
  const holding = new Set<string>();
  let inFlight = 0;
  let maxInFlight = 0;
  let aborted = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const path = url.searchParams.get('path') ?? '';
    calls.push(`${url.pathname} ${path} ${url.searchParams.get('cursor') ?? ''}`.trim());
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (holding.has(path)) {
        await new Promise<void>((resolve, reject) => {
          held.set(path, resolve);
          init?.signal?.addEventListener('abort', () => {
            aborted += 1;
            reject(new DOMException('Aborted', 'AbortError'));
          });
        });
      } else await new Promise((resolve) => setTimeout(resolve, 1));
      if (path.startsWith('/m/secret/inner')) return reply(null, 403);
      const items = tree[path];
      if (items === undefined) return reply(null, 404);
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const next = start + PAGE < items.length ? String(start + PAGE) : null;
      return reply({
        path,
        isRoot: false,
        isVirtual: false,
        mount_id: 'm1',
        storage_type: 'local',
        canWrite: true,
        items: items.slice(start, start + PAGE),
        nextCursor: next,
      });
    } finally {
      inFlight -= 1;
    }
  };
  const client = createApiClient({
    fetch,
    baseUrl: () => 'http://app.test/api',
    getCredentials: () => ({ scheme: 'admin', token: 't' }),
    onAuthExpired: () => undefined,
  });
  return {
    client,
    calls,
    hold: (path: string) => holding.add(path),
    release: (path: string) => {
      holding.delete(path);
      held.get(path)?.();
    },
    isHeld: (path: string) => held.has(path),
    maxInFlight: () => maxInFlight,
    aborted: () => aborted,
  };
}

const folder = (path: string, more: Partial<BasketItemDoc> = {}): BasketItemDoc => ({
  id: `fs|admin|${path}`,
  source: 'fs',
  scope: 'admin',
  path,
  name: path,
  isDirectory: true,
  size: null,
  files: null,
  sizeError: null,
  status: 'pending',
  error: null,
  addedAt: 1,
  ...more,
});

function recorder() {
  const saved: { id: string; count: FolderCount }[] = [];
  return {
    saved,
    save: async (item: Pick<BasketItemDoc, 'id'>, count: FolderCount) => void saved.push({ id: item.id, count }),
  };
}

describe('counting a folder', () => {
  it('sums the files at every depth, page by page, through the scope’s own list endpoint', async () => {
    const fs = fileSystem();
    const size = await countFolder(
      fs.client,
      { scope: 'user', path: '/m/docs/' },
      { limit: createLimit(2), signal: new AbortController().signal },
    );
    expect(size).toEqual({ bytes: 100 + 20 + 3_000 + 40_000, files: 4 });
    expect(fs.calls.every((call) => call.startsWith('/api/user/fs/list '))).toBe(true);
    // docs/ has four entries: two pages; every folder below is listed once.
    expect([...fs.calls].sort()).toEqual(
      ['/m/docs/', '/m/docs/ 2', '/m/docs/a/', '/m/docs/a/deep/', '/m/docs/b/'].map(
        (call) => `/api/user/fs/list ${call}`,
      ),
    );
    expect(fs.maxInFlight()).toBeLessThanOrEqual(2);
  });

  it('fails with the listing’s error when any folder below is refused', async () => {
    const fs = fileSystem();
    const counting = countFolder(
      fs.client,
      { scope: 'admin', path: '/m/secret/' },
      { limit: createLimit(2), signal: new AbortController().signal },
    );
    await expect(counting).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

describe('the basket sizer', () => {
  it('counts folders of unknown size only, a few list calls at once across all of them', async () => {
    const fs = fileSystem();
    const { saved, save } = recorder();
    const sizer = createBasketSizer({ client: fs.client, save, concurrency: 2 });
    const items = [
      folder('/m/docs/'),
      folder('/m/photos/'),
      folder('/m/known/', { size: 9, files: 1 }),
      { ...folder('/m/file.txt'), isDirectory: false, size: 4 },
      { ...folder('slug'), source: 'share' as const, scope: 'public' as const, isDirectory: false, size: 8 },
    ];
    sizer.sync(items);
    sizer.sync(items);
    await expect.poll(() => saved.length).toBe(2);
    expect(saved).toEqual(
      expect.arrayContaining([
        { id: 'fs|admin|/m/docs/', count: { kind: 'counted', bytes: 43_120, files: 4 } },
        { id: 'fs|admin|/m/photos/', count: { kind: 'counted', bytes: 5, files: 1 } },
      ]),
    );
    expect(fs.maxInFlight()).toBeLessThanOrEqual(2);
    // A second sync of the same basket started nothing twice.
    expect(fs.calls.filter((call) => call === '/api/admin/fs/list /m/photos/')).toHaveLength(1);
    // A stale copy of the basket, the counts not yet in it, starts nothing again.
    sizer.sync(items);
    expect(fs.calls.filter((call) => call === '/api/admin/fs/list /m/photos/')).toHaveLength(1);
  });

  it('cancels the count of an entry removed from the basket, and records nothing for it', async () => {
    const fs = fileSystem();
    const { saved, save } = recorder();
    const sizer = createBasketSizer({ client: fs.client, save });
    fs.hold('/m/docs/a/');
    sizer.sync([folder('/m/docs/'), folder('/m/photos/')]);
    await expect.poll(() => fs.isHeld('/m/docs/a/')).toBe(true);
    sizer.sync([folder('/m/photos/')]);
    await expect.poll(() => fs.aborted()).toBe(1);
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]?.id).toBe('fs|admin|/m/photos/');
    fs.release('/m/docs/a/');
    // The same folder added again (a new moment) is counted afresh.
    sizer.sync([folder('/m/docs/', { addedAt: 2 })]);
    await expect.poll(() => saved.length).toBe(2);
    expect(saved[1]).toEqual({ id: 'fs|admin|/m/docs/', count: { kind: 'counted', bytes: 43_120, files: 4 } });
  });

  it('stops every count when asked, and a later sync starts them again', async () => {
    const fs = fileSystem();
    const { saved, save } = recorder();
    const sizer = createBasketSizer({ client: fs.client, save });
    fs.hold('/m/photos/');
    sizer.sync([folder('/m/photos/')]);
    await expect.poll(() => fs.isHeld('/m/photos/')).toBe(true);
    sizer.stop();
    await expect.poll(() => fs.aborted()).toBe(1);
    fs.release('/m/photos/');
    sizer.sync([folder('/m/photos/')]);
    await expect
      .poll(() => saved)
      .toEqual([{ id: 'fs|admin|/m/photos/', count: { kind: 'counted', bytes: 5, files: 1 } }]);
  });

  it('records a refused listing as the error’s kind, and does not try it again on this page', async () => {
    const fs = fileSystem();
    const { saved, save } = recorder();
    const sizer = createBasketSizer({ client: fs.client, save });
    sizer.sync([folder('/m/secret/'), folder('/m/missing/')]);
    await expect.poll(() => saved.length).toBe(2);
    expect(saved).toEqual(
      expect.arrayContaining([
        { id: 'fs|admin|/m/secret/', count: { kind: 'failed', error: 'forbidden' } },
        { id: 'fs|admin|/m/missing/', count: { kind: 'failed', error: 'not-found' } },
      ]),
    );
    const calls = fs.calls.length;
    sizer.sync([folder('/m/secret/', { sizeError: 'forbidden' }), folder('/m/missing/', { sizeError: 'not-found' })]);
    expect(fs.calls).toHaveLength(calls);
  });

  it('tries again a count that failed on an earlier page load, showing it as counting meanwhile', async () => {
    const fs = fileSystem();
    const { saved, save } = recorder();
    createBasketSizer({ client: fs.client, save }).sync([folder('/m/photos/', { sizeError: 'network' })]);
    await expect.poll(() => saved.length).toBe(2);
    expect(saved.map((entry) => entry.count)).toEqual([{ kind: 'counting' }, { kind: 'counted', bytes: 5, files: 1 }]);
  });
});

describe('the call limit', () => {
  it('lets a waiting call leave the line when its signal aborts', async () => {
    const limit = createLimit(1);
    let release: () => void = () => undefined;
    const first = limit(
      () => new Promise<string>((resolve) => (release = () => resolve('first'))),
      new AbortController().signal,
    );
    const leaving = new AbortController();
    const second = limit(async () => 'second', leaving.signal);
    const third = limit(async () => 'third', new AbortController().signal);
    leaving.abort();
    await expect(second).rejects.toMatchObject({ kind: 'cancelled' });
    release();
    expect(await first).toBe('first');
    expect(await third).toBe('third');
  });
});
