import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FS_SEARCH_COUNT_CAP, fsSearchResultSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { FsEntryRepo } from '@server/modules/fs/fs-entry.repo';
import { fileEntry } from '@server/modules/fs/fs-index';
import { expectError, expectOk } from '@tests/integration/support/http';
import { admin, fsCall, startFsHarness, writeText, type FsHarness } from './fs-harness';

describe('explorer search paging and ranking', () => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startFsHarness('local');
    // Index rows as a reindex writes them (paths relative to the mount), older than the files written below.
    const base = Date.parse('2020-01-01T00:00:00Z');
    const rows = Array.from({ length: 1_100 }, (_, i) =>
      fileEntry(
        h.mountId,
        `/paged/ledger-${String(i).padStart(4, '0')}.csv`,
        { size: i, etag: `e${i}`, contentType: null, lastModified: new Date(base + i * 1000) },
        0,
        false,
      ),
    );
    await new FsEntryRepo(h.server.db).upsert(rows, 'reindex');
    for (const name of ['ledger', 'ledger-summary.txt', 'old-ledger.txt'])
      expect((await writeText(h, admin(h), `${h.mountPath}/${name}`, name)).status).toBe(200);
  });
  afterAll(() => h.close());

  const search = async (query: Record<string, string | number>) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'ledger', ...query } }), fsSearchResultSchema);

  it('ranks the exact name first, then names starting with q, then the newest', async () => {
    const first = await search({ limit: 5 });
    expect(first.results.map((hit) => hit.name)).toEqual([
      'ledger',
      'ledger-summary.txt',
      'ledger-1099.csv',
      'ledger-1098.csv',
      'ledger-1097.csv',
    ]);
    expect(first).toMatchObject({
      limit: 5,
      offset: 0,
      hasMore: true,
      totalCapped: true,
      total: FS_SEARCH_COUNT_CAP,
      mountsSearched: 1,
    });
  });

  it('pages with limit and offset, without repeating or skipping, to the exact end', async () => {
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const page = await search({ limit: 200, offset });
      for (const hit of page.results) seen.add(hit.path);
      if (!page.hasMore) {
        expect(page).toMatchObject({ total: 1_103, totalCapped: false });
        break;
      }
      offset += 200;
    }
    expect(seen.size).toBe(1_103);
    expect((await search({ limit: 50, offset: 1_100 })).results.map((hit) => hit.name)).toEqual(
      ['ledger-0001.csv', 'ledger-0000.csv', 'old-ledger.txt'].slice(0, 3),
    );
  });

  it('caps limit at 200 and answers an offset past the end with no results', async () => {
    expectError(
      await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'ledger', limit: 201 } }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(await search({ offset: 5_000 })).toMatchObject({ results: [], hasMore: false });
  });
});
