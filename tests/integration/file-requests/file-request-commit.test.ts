// A client that lies gains nothing: the commit checks the stored object again (its first bytes
// against the allowed types, its size, the request's count and total as they are now, its state)
// and deletes what it refuses. A key asks for files only inside its base path and sees only its
// own requests; the sweeper removes uploads abandoned for a day. Both drivers, both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRequestListSchema, fileRequestSchema, requestPresignResultSchema } from '@shared/api/file-request.schema';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import { ErrorCode } from '@shared/errors';
import { createRepositories } from '@server/db/repositories';
import { createFileRequestSweepTask } from '@server/modules/file-requests/file-request-sweep';
import { expectError, expectOk } from '@tests/integration/support/http';
import { putTo } from '@tests/integration/storage/storage-harness';
import { admin, key, mkdir, type FsHarness } from '@tests/integration/fs/fs-harness';
import {
  commit,
  downloadText,
  info,
  newRequest,
  owner,
  pub,
  send,
  setups,
  start,
  startRequestHarness,
  tokenOf,
} from './file-request-harness';

describe.each(setups)('file request commits on the $driver driver and $database', (setup) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startRequestHarness(setup, 'request-commits');
  });
  afterAll(() => h.close());

  const uploadRow = (fileId: string) =>
    h.server.db.selectFrom('file_request_uploads').selectAll().where('id', '=', fileId).executeTakeFirst();

  /** Files the explorer's index holds anywhere below `folder`. */
  const filesUnder = async (folder: string) =>
    (
      await h.server.db
        .selectFrom('fs_entries')
        .select('path')
        .where('mount_id', '=', h.mountId)
        .where('is_dir', '=', 0)
        .where('path', 'like', `${folder.slice(h.mountPath.length)}/%`)
        .execute()
    ).map((row) => row.path);

  /** The refused upload left nothing: no object, no reservation, no row, nothing listed. */
  async function expectGone(fileId: string, storageKey: string | null, folder: string) {
    expect(await uploadRow(fileId)).toBeUndefined();
    expect(await (await h.driver()).head(storageKey ?? '')).toBeNull();
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
    expect(await filesUnder(folder)).toEqual([]);
  }

  it('refuses content that is not of an allowed type, whatever the name says, and deletes it', async () => {
    const { request, folder } = await newRequest(h, { allowed_types: ['image/*', '.pdf', '.docx'] });
    const token = await tokenOf(h, request.slug);
    for (const [name, content] of [
      ['photo.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90)])],
      ['paper.pdf', Buffer.from('just some text, not a PDF')],
      ['holiday.jpg', Buffer.from('%PDF-1.7 a PDF wearing a JPEG name')],
    ] as const) {
      const sent = await start(h, request.slug, token, name, content);
      expect(sent.put.status, sent.put.text).toBe(200);
      const row = await uploadRow(sent.file_id);
      expectError(await commit(h, request.slug, token, sent.file_id), 400, ErrorCode.BadRequest);
      await expectGone(sent.file_id, row?.storage_key ?? null, folder);
    }
    expect(await info(h, request.slug)).toMatchObject({ state: 'open' });
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]);
    expect((await send(h, request.slug, token, 'report.docx', docx)).size).toBe(44);
    const pdf = await send(h, request.slug, token, 'paper.pdf', '%PDF-1.7 real enough');
    expect(await downloadText(h, `${folder}/${pdf.storage_path}`)).toEqual({
      status: 200,
      text: '%PDF-1.7 real enough',
    });
  });

  it('cannot store more bytes than it announced', async () => {
    const { request, folder } = await newRequest(h, { max_file_bytes: 5 });
    const token = await tokenOf(h, request.slug);
    const presigned = expectOk(
      await pub(h, request.slug, 'presign', { token, filename: 'small.txt', size: 5 }),
      requestPresignResultSchema,
      201,
    );
    const put = await putTo(presigned.upload_url, 'far more than five bytes', presigned.contentType);
    expect(put.status).not.toBe(200);
    expectError(await commit(h, request.slug, token, presigned.file_id), 400, ErrorCode.BadRequest);
    expect(await filesUnder(folder)).toEqual([]);
  });

  it('checks the count, the total and the state again at the commit', async () => {
    const { request, folder } = await newRequest(h, { max_files: 3 });
    const token = await tokenOf(h, request.slug);
    const a = await start(h, request.slug, token, 'a.txt', 'aaaa');
    const b = await start(h, request.slug, token, 'b.txt', 'bbbb');
    const c = await start(h, request.slug, token, 'c.txt', 'cccccccccc');
    const update = (json: unknown) => owner(h, admin(h), 'update', request.id, json);

    expectOk(await update({ status: 'paused' }), fileRequestSchema);
    expectError(await commit(h, request.slug, token, a.file_id), 409, ErrorCode.Conflict);
    expectOk(await update({ status: 'open', max_files: 1 }), fileRequestSchema);
    expect((await commit(h, request.slug, token, a.file_id)).status).toBe(200);

    const bRow = await uploadRow(b.file_id);
    expectError(await commit(h, request.slug, token, b.file_id), 409, ErrorCode.Conflict);
    expect(await (await h.driver()).head(bRow?.storage_key ?? '')).toBeNull();

    expectOk(await update({ max_files: 5, max_total_bytes: 8 }), fileRequestSchema);
    const cRow = await uploadRow(c.file_id);
    expectError(await commit(h, request.slug, token, c.file_id), 413, ErrorCode.QuotaExceeded);
    expect(await uploadRow(c.file_id)).toBeUndefined();
    expect(await (await h.driver()).head(cRow?.storage_key ?? '')).toBeNull();

    const d = await start(h, request.slug, token, 'd.txt', 'dd');
    expectOk(await update({ status: 'closed' }), fileRequestSchema);
    expectError(await commit(h, request.slug, token, d.file_id), 410, ErrorCode.Gone);
    const files = await filesUnder(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\/a\.txt$/);
    const all = await h.server.db
      .selectFrom('file_request_uploads')
      .selectAll()
      .where('request_id', '=', request.id)
      .execute();
    expect(all.map((row) => [row.name, row.status]).sort()).toEqual([
      ['a.txt', 'done'],
      ['d.txt', 'pending'],
    ]);
  });

  it('lets a key ask for files only inside its base path, and shows it only its own requests', async () => {
    await mkdir(h, admin(h), `${h.mountPath}/team`);
    await mkdir(h, admin(h), `${h.mountPath}/other`);
    const full = { file_permission: 1, mount_permission: 1, basic_path: `${h.mountPath}/team` };
    const teamKey = await key(h, full);
    const otherKey = await key(h, full);
    const mountOnly = await key(h, { basic_path: `${h.mountPath}/team` });
    const create = (who: typeof teamKey, path: string) => owner(h, who, 'create', null, { path, title: 'Team drop' });
    expectError(await create(teamKey, `${h.mountPath}/other`), 403, ErrorCode.Forbidden);
    expectError(await create(mountOnly, `${h.mountPath}/team`), 403, ErrorCode.Forbidden);
    const mine = expectOk(await create(teamKey, `${h.mountPath}/team`), fileRequestSchema, 201);

    expect(expectOk(await owner(h, teamKey, 'list', null), fileRequestListSchema).items.map((r) => r.id)).toEqual([
      mine.id,
    ]);
    expect(expectOk(await owner(h, otherKey, 'list', null), fileRequestListSchema).items).toEqual([]);
    expectError(await owner(h, otherKey, 'get', mine.id), 404, ErrorCode.NotFound);
    expectError(await owner(h, otherKey, 'remove', mine.id), 404, ErrorCode.NotFound);
    const adminSees = expectOk(await owner(h, admin(h), 'list', null), fileRequestListSchema).items.map((r) => r.id);
    expect(adminSees).toContain(mine.id);

    const token = await tokenOf(h, mine.slug);
    const sent = await send(h, mine.slug, token, 'from-a-stranger.txt', 'hi team');
    expect(await downloadText(h, `${h.mountPath}/team/${sent.storage_path}`)).toEqual({ status: 200, text: 'hi team' });

    // A key that loses its rights takes its requests' uploads with it.
    await h.server.db
      .updateTable('api_keys')
      .set({ file_permission: 0 })
      .where('basic_path', '=', full.basic_path)
      .execute();
    expectError(await pub(h, mine.slug, 'presign', { token, filename: 'late.txt', size: 1 }), 410, ErrorCode.Gone);
  });

  it('sweeps uploads abandoned for a day: object, reservation and row', async () => {
    const { request, folder } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const single = await start(h, request.slug, token, 'left.txt', 'left behind');
    const multi = await pub(h, request.slug, 'multipart/init', { token, filename: 'big.bin', size: 10 });
    expect(multi.status, multi.text).toBe(201);
    const singleRow = await uploadRow(single.file_id);
    const task = createFileRequestSweepTask(createRepositories(h.server.db), h.storage);
    expect(await task.run(Date.now())).toBe(0);
    // Earlier tests' unfinished uploads go too.
    expect(await task.run(Date.now() + PENDING_UPLOAD_TTL_MS + 60_000)).toBeGreaterThanOrEqual(2);
    expect(await (await h.driver()).head(singleRow?.storage_key ?? '')).toBeNull();
    expect(
      await h.server.db.selectFrom('file_request_uploads').select('id').where('request_id', '=', request.id).execute(),
    ).toEqual([]);
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
    expect(await filesUnder(folder)).toEqual([]);
    expect(await info(h, request.slug)).toMatchObject({ files_left: null, bytes_left: null });
  });
});
