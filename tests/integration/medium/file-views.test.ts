// How file deliveries become views (FileViews over FileRepo and FileViewTokenRepo) on real
// SQLite and PostgreSQL, without HTTP: an access token pays one view the first time it delivers,
// on any instance; without a token a view-limited share counts every request and another share
// only reads from byte 0; once a share is used up, the visit that paid may finish within its
// grace (at most three full reads, ranged reads free) and everyone else hears 410.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { FileRow } from '@server/modules/files/files.types';
import { FileViewTokenRepo } from '@server/modules/files/file-views.repo';
import {
  FILE_VISIT_FULL_READS,
  FILE_VISIT_GRACE_MS,
  FileViews,
  type FileAccess,
  fileViewTokenSweepTask,
} from '@server/modules/files/file-views';
import { insertFile, insertStorageConfig } from '@tests/integration/admin/admin-fixtures';
import { databaseKinds, openMedium, refusal, type Medium } from './medium-harness';

const hour = 60 * 60 * 1000;
const fromMiddle = { start: 100, end: 199 };

describe.each(databaseKinds)('file views on %s', (kind) => {
  let m: Medium;
  let views: FileViews;
  let configId: string;
  beforeAll(async () => {
    m = await openMedium(kind, 'file_views');
    views = new FileViews(m.repos.files, m.repos.fileViewTokens, m.clock);
    configId = await insertStorageConfig(m.db);
  });
  afterAll(() => m.close());

  const share = async (maxViews: number | null) => insertFile(m.db, configId, { max_views: maxViews, size: 1000 });
  const rowOf = async (id: string): Promise<FileRow> => {
    const row = await m.repos.files.findById(id);
    if (row === undefined) throw new Error(`file ${id} is gone`);
    return row;
  };
  const token = (): NonNullable<FileAccess> => ({ tokenId: randomUUID(), expiresAtMs: m.clock.now() + hour });
  const viewsOf = async (id: string) => (await rowOf(id)).views;

  it('counts a token’s view once, whichever instance serves its later requests', async () => {
    const id = await share(null);
    const visit = token();
    expect(await views.record(await rowOf(id), visit, undefined)).toEqual({ counted: true, last: false });
    const elsewhere = new FileViews(m.repos.files, new FileViewTokenRepo(m.db), m.clock);
    expect(await elsewhere.record(await rowOf(id), visit, undefined)).toEqual({ counted: false, last: false });
    expect(await views.record(await rowOf(id), visit, fromMiddle)).toEqual({ counted: false, last: false });
    expect(await viewsOf(id)).toBe(1);
  });

  it('without a token counts every request to a limited share, and only full reads of another', async () => {
    const limited = await share(10);
    await views.record(await rowOf(limited), null, fromMiddle);
    await views.record(await rowOf(limited), null, undefined);
    expect(await viewsOf(limited)).toBe(2);
    const open = await share(null);
    expect(await views.record(await rowOf(open), null, fromMiddle)).toEqual({ counted: false, last: false });
    await views.record(await rowOf(open), null, { start: 0, end: 99 });
    await views.record(await rowOf(open), null, undefined);
    expect(await viewsOf(open)).toBe(2);
  });

  it('marks the view that used a share up as the last, and lets concurrent visits pay for it once', async () => {
    const id = await share(1);
    const row = await rowOf(id);
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => views.record(row, token(), undefined)));
    const paid = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(paid).toEqual([{ counted: true, last: true }]);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: ErrorCode.Gone });
    expect(await viewsOf(id)).toBe(1);
  });

  it('lets the visit that paid a used-up share finish within its grace, and no one else', async () => {
    const id = await share(1);
    const visit = token();
    expect(await views.record(await rowOf(id), visit, undefined)).toEqual({ counted: true, last: true });
    const usedUp = await rowOf(id);
    for (let read = 1; read < FILE_VISIT_FULL_READS; read += 1) await views.record(usedUp, visit, undefined);
    expect(await refusal(views.record(usedUp, visit, undefined))).toBe(ErrorCode.Gone);
    expect(await views.record(usedUp, visit, fromMiddle)).toEqual({ counted: false, last: false });
    expect(await views.paidBy(usedUp, visit)).toBe(true);
    expect(await refusal(views.record(usedUp, token(), undefined))).toBe(ErrorCode.Gone);
    expect(await refusal(views.record(usedUp, null, fromMiddle))).toBe(ErrorCode.Gone);
    m.clock.advance(FILE_VISIT_GRACE_MS);
    expect(await refusal(views.record(usedUp, visit, fromMiddle))).toBe(ErrorCode.Gone);
    expect(await views.paidBy(usedUp, visit)).toBe(false);
  });

  it('sweeps the records of tokens that expired', async () => {
    const id = await share(null);
    const visit = token();
    await views.record(await rowOf(id), visit, undefined);
    const stored = () =>
      m.db.selectFrom('file_view_tokens').select('token_id').where('token_id', '=', visit.tokenId).execute();
    expect(await stored()).toHaveLength(1);
    m.clock.advance(hour);
    expect(await fileViewTokenSweepTask(m.db).run(m.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
  });
});
