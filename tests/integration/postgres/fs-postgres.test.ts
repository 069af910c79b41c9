// The mount explorer's search index on PostgreSQL: the pg_trgm GIN index, case-insensitive
// substring search with literal wildcards, base-path limits, and an index kept current by writes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsRefreshResultSchema, fsSearchResultSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import {
  admin,
  fsCall,
  key,
  mkdir,
  putDirect,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
} from '@tests/integration/fs/fs-harness';

describe('mount explorer search on PostgreSQL', () => {
  let h: FsHarness;
  let m: string;
  beforeAll(async () => {
    h = await startFsHarness('local', { env: { DATABASE_URL: await createTestDatabase('fs_search') } });
    m = h.mountPath;
    for (const folder of ['pg', 'pg/team', 'pg-other']) await mkdir(h, admin(h), `${m}/${folder}`);
    const files = [
      'Annual-Report.txt',
      'report_2024.csv',
      '100%_done.md',
      'a_b.txt',
      'axb.txt',
      '报告.pdf',
      'team/Report-team.txt',
    ];
    for (const file of files) expect((await writeText(h, admin(h), `${m}/pg/${file}`, file)).status).toBe(200);
    expect((await writeText(h, admin(h), `${m}/pg-other/report-outside.txt`, 'x')).status).toBe(200);
  });
  afterAll(() => h.close());

  const hits = async (q: string, who: Who = admin(h), extra: Record<string, string> = {}) =>
    expectOk(await fsCall(h, who, 'GET', 'search', { query: { q, ...extra } }), fsSearchResultSchema).results.map(
      (hit) => hit.name,
    );

  it('creates the pg_trgm extension and the GIN index on names', async () => {
    const extension = await sql<{
      extname: string;
    }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(h.server.db);
    expect(extension.rows).toEqual([{ extname: 'pg_trgm' }]);
    const index = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'fs_entries_name_trgm_idx'`.execute(h.server.db);
    expect(index.rows[0]?.indexdef).toMatch(/gin \(name gin_trgm_ops\)/);
  });

  it('matches name substrings case-insensitively, exact and prefix matches first, wildcards taken literally', async () => {
    const found = await hits('REPORT');
    expect([...found].sort()).toEqual([
      'Annual-Report.txt',
      'Report-team.txt',
      'report-outside.txt',
      'report_2024.csv',
    ]);
    expect(found.at(-1)).toBe('Annual-Report.txt');
    expect(await hits('a_b')).toEqual(['a_b.txt']);
    expect(await hits('0%_')).toEqual(['100%_done.md']);
    expect(await hits('报告')).toEqual(['报告.pdf']);
    expect(await hits('xb')).toEqual(['axb.txt']);
    expect(await hits('a_b.txt')).toEqual(['a_b.txt']);
    expectError(await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'x' } }), 400, ErrorCode.ValidationFailed);
  });

  it('keeps a key inside its base path', async () => {
    const team = await key(h, { basic_path: `${m}/pg/team` });
    expect(await hits('report', team)).toEqual(['Report-team.txt']);
    const pg = await key(h, { basic_path: `${m}/pg` });
    expect((await hits('report', pg)).sort()).toEqual(['Annual-Report.txt', 'Report-team.txt', 'report_2024.csv']);
  });

  it('follows renames, deletes and a refresh, and still answers without the trigram index', async () => {
    expect(
      (await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: `${m}/pg/team`, newPath: `${m}/pg/crew` } }))
        .status,
    ).toBe(200);
    expect(
      expectOk(
        await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'report-team' } }),
        fsSearchResultSchema,
      ).results.map((hit) => hit.path),
    ).toEqual([`${m}/pg/crew/Report-team.txt`]);
    expect((await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${m}/pg/axb.txt` } })).status).toBe(200);
    expect(await hits('axb')).toEqual([]);
    await putDirect(h, 'pg/dropped-in.txt', 'by another tool');
    expect(await hits('dropped-in')).toEqual([]);
    expectOk(await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: h.mountId } }), fsRefreshResultSchema);
    expect(await hits('dropped-in')).toEqual(['dropped-in.txt']);
    await sql`drop index fs_entries_name_trgm_idx`.execute(h.server.db);
    expect(await hits('ropped-i')).toEqual(['dropped-in.txt']);
  });
});
