// File requests end to end on both drivers and both databases: an owner asks, strangers upload
// (single PUT and multipart) into folders of their own, names never clash, nothing already in the
// folder is shown, and every limit is refused at the start of an upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '@tests/integration/support/api';
import { adminFsEndpoints } from '@shared/api/fs.endpoints';
import {
  fileRequestDeletedSchema,
  fileRequestSchema,
  fileRequestUploadListSchema,
  publicFileRequestSchema,
} from '@shared/api/file-request.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { admin, listAll, namesOf, writeText, type FsHarness } from '@tests/integration/fs/fs-harness';
import {
  downloadText,
  info,
  newRequest,
  owner,
  pub,
  send,
  sendMultipart,
  setups,
  startRequestHarness,
  tokenOf,
} from './file-request-harness';

describe.each(setups)('file requests on the $driver driver and $database', (setup) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startRequestHarness(setup, 'requests');
  });
  afterAll(() => h.close());

  it('takes files from strangers into a folder of their own, and shows the owner what arrived', async () => {
    const { request, folder } = await newRequest(h, { message: 'Your photos, please' });
    expect(request.url).toBe(`${h.server.baseUrl}/request/${request.slug}`);
    expect((await writeText(h, admin(h), `${folder}/secret.txt`, 'already here')).status).toBeLessThan(300);
    const page = await info(h, request.slug);
    expect(page).toMatchObject({ state: 'open', title: 'Send me your files', message: 'Your photos, please' });
    expect(JSON.stringify(page)).not.toContain('secret');

    const alice = await tokenOf(h, request.slug);
    const bob = await tokenOf(h, request.slug);
    const first = await send(h, request.slug, alice, 'notes.txt', 'from alice', { uploader_name: 'Alice' });
    const second = await send(h, request.slug, bob, 'notes.txt', 'from bob', { uploader_name: 'Bob' });
    const again = await send(h, request.slug, alice, 'notes.txt', 'alice again', { uploader_name: 'Alice' });
    expect(first.storage_path).toMatch(/^\d{4}-\d\d-\d\d_\d{6}_Alice_[\w-]{8}\/notes\.txt$/);
    expect(second.storage_path).toMatch(/_Bob_[\w-]{8}\/notes\.txt$/);
    expect(again.storage_path).toBe(first.storage_path.replace('notes.txt', 'notes (2).txt'));
    expect(first).toMatchObject({ filename: 'notes.txt', size: 10, mimetype: 'text/plain' });

    expect(await downloadText(h, `${folder}/${first.storage_path}`)).toEqual({ status: 200, text: 'from alice' });
    expect(await downloadText(h, `${folder}/${second.storage_path}`)).toEqual({ status: 200, text: 'from bob' });
    expect(await downloadText(h, `${folder}/${again.storage_path}`)).toEqual({ status: 200, text: 'alice again' });
    expect(namesOf((await listAll(h, admin(h), folder)).items)).toHaveLength(3);

    const uploads = expectOk(await owner(h, admin(h), 'uploads', request.id), fileRequestUploadListSchema);
    expect(uploads.items.map((u) => [u.uploader_name, u.status, u.size]).sort()).toEqual([
      ['Alice', 'done', 10],
      ['Alice', 'done', 11],
      ['Bob', 'done', 8],
    ]);
    const seen = expectOk(await owner(h, admin(h), 'get', request.id), fileRequestSchema);
    expect(seen).toMatchObject({ file_count: 3, total_bytes: 29, state: 'open' });
    expect(seen.last_upload_at).not.toBeNull();
  });

  it('takes a multipart upload, and lists the stored parts to resume one', async () => {
    const { request, folder } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const bytes = new Uint8Array(1000).map((_, i) => i % 251);
    const done = await sendMultipart(h, request.slug, token, 'data.bin', bytes);
    expect(done.size).toBe(1000);
    const stored = await fetch(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${folder}/${done.storage_path}` } }),
      { headers: { authorization: `Bearer ${h.token}` } },
    );
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(bytes);
  });

  it('refuses at the start what breaks a limit, naming it', async () => {
    const { request } = await newRequest(h, {
      max_files: 2,
      max_total_bytes: 30,
      max_file_bytes: 20,
      allowed_types: ['.txt', 'image/*'],
      require_name: true,
    });
    const token = await tokenOf(h, request.slug);
    const presign = (filename: string, size: number, extra: Record<string, unknown> = { uploader_name: 'Ann' }) =>
      pub(h, request.slug, 'presign', { token, filename, size, ...extra });
    expectError(await presign('a.txt', 21), 413, ErrorCode.PayloadTooLarge);
    expectError(await presign('a.exe', 5), 400, ErrorCode.ValidationFailed);
    expectError(await presign('a.txt', 5, {}), 400, ErrorCode.ValidationFailed);
    expectError(await presign('../a.txt', 5), 400, ErrorCode.ValidationFailed);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('12345678')]);
    await send(h, request.slug, token, 'a.png', png, { uploader_name: 'Ann' });
    expectError(await presign('b.txt', 20), 413, ErrorCode.QuotaExceeded);
    await send(h, request.slug, token, 'b.txt', 'ten bytes!', { uploader_name: 'Ann' });
    expectError(await presign('c.txt', 1), 409, ErrorCode.Conflict);
    expect(await info(h, request.slug)).toMatchObject({ files_left: 0, bytes_left: 4 });
  });

  it('says clearly when a request is unknown, paused, closed or expired, and refuses its uploads', async () => {
    expectError(await pub(h, 'no-such-request', ''), 404, ErrorCode.NotFound);
    const { request } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const presign = () => pub(h, request.slug, 'presign', { token, filename: 'x.txt', size: 1 });
    expectError(
      await pub(h, request.slug, 'presign', { token: 'forged', filename: 'x.txt', size: 1 }),
      401,
      ErrorCode.PasswordRequired,
    );

    expectOk(await owner(h, admin(h), 'update', request.id, { status: 'paused' }), fileRequestSchema);
    expect(await info(h, request.slug)).toMatchObject({
      state: 'paused',
      upload_token: null,
      title: 'Send me your files',
    });
    expectError(await presign(), 409, ErrorCode.Conflict);

    expectOk(await owner(h, admin(h), 'update', request.id, { status: 'closed' }), fileRequestSchema);
    expect(await info(h, request.slug)).toMatchObject({ state: 'closed', title: null, upload_token: null });
    expectError(await presign(), 410, ErrorCode.Gone);

    expectOk(await owner(h, admin(h), 'update', request.id, { status: 'open' }), fileRequestSchema);
    await h.server.db
      .updateTable('file_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', request.id)
      .execute();
    expect(await info(h, request.slug)).toMatchObject({ state: 'expired', title: null });
    expectError(await presign(), 410, ErrorCode.Gone);

    expectOk(await owner(h, admin(h), 'remove', request.id), fileRequestDeletedSchema);
    expectError(await pub(h, request.slug, ''), 404, ErrorCode.NotFound);
  });

  it('hides a protected request until its password, and limits the guesses', async () => {
    const { request } = await newRequest(h, { password: 'open sesame' });
    expect(await info(h, request.slug)).toMatchObject({ requires_password: true, title: null, upload_token: null });
    expectError(await pub(h, request.slug, 'verify', { password: 'wrong' }), 401, ErrorCode.WrongPassword);
    const unlocked = expectOk(
      await pub(h, request.slug, 'verify', { password: 'open sesame' }),
      publicFileRequestSchema,
    );
    expect(unlocked.title).toBe('Send me your files');
    const token = unlocked.upload_token ?? '';
    await send(h, request.slug, token, 'in.txt', 'hello');
    for (let i = 0; i < 10; i += 1) await pub(h, request.slug, 'verify', { password: `guess ${i}` });
    expectError(await pub(h, request.slug, 'verify', { password: 'open sesame' }), 429, ErrorCode.RateLimited);
  });
});
