import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fsPresignResultSchema, fsUpdateResultSchema } from '@shared/api/fs.schema';
import { createMount, listMounts } from '@shared/api/mounts.endpoints';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { createStorageConfig, getStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { ErrorCode } from '@shared/errors';
import { freePort } from '@tests/support/free-port';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers, putTo, randomBytesOf, s3ConfigInput } from '@tests/integration/storage/storage-harness';
import { admin, formUpload, fsCall, mkdir, startFsHarness, writeText, type FsHarness } from './fs-harness';

describe.each(drivers)('mount upload limits on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/limits`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  const api = () => testApi(h.server.baseUrl, asAdmin(h.token));
  const setMaxKb = (kb: number) =>
    api().ok(updateSystemSettings, { body: { max_upload_size: kb, max_upload_size_unit: 'KB' } });
  const setQuota = (bytes: number | null) =>
    api().ok(updateStorageConfig, { params: { id: h.configId }, body: { total_storage_bytes: bytes } });
  const used = async () => (await api().ok(getStorageConfig, { params: { id: h.configId } })).used_storage_bytes;
  const presign = (fileName: string, fileSize: number) =>
    fsCall(h, admin(h), 'POST', 'presign', { json: { path: root, fileName, fileSize } });
  beforeEach(async () => {
    await setMaxKb(100 * 1024);
    await setQuota(null);
  });

  it('applies max_upload_size to presign, multipart init, form uploads and edits', async () => {
    await setMaxKb(64);
    expectError(await presign('a.bin', 65 * 1024), 413, ErrorCode.PayloadTooLarge);
    expectError(
      await fsCall(h, admin(h), 'POST', 'multipart/init', {
        json: { path: root, fileName: 'a.bin', fileSize: 65 * 1024 },
      }),
      413,
      ErrorCode.PayloadTooLarge,
    );
    expectError(
      await formUpload(h, admin(h), root, 'a.bin', randomBytesOf(512 * 1024)),
      413,
      ErrorCode.PayloadTooLarge,
    );
    expectError(await writeText(h, admin(h), `${root}/a.txt`, 'z'.repeat(65 * 1024)), 413, ErrorCode.PayloadTooLarge);
    expectOk(await presign('ok.bin', 64 * 1024), fsPresignResultSchema, 201);
    expect((await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${root}/a.bin` } })).status).toBe(404);
  });

  it('re-checks the limits at commit, deleting the object when they no longer fit', async () => {
    const bytes = randomBytesOf(80 * 1024);
    const signed = expectOk(await presign('late.bin', bytes.length), fsPresignResultSchema, 201);
    expect((await putTo(signed.uploadUrl, bytes, signed.contentType)).status).toBe(200);
    await setMaxKb(64);
    expectError(
      await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: signed.uploadId } }),
      413,
      ErrorCode.PayloadTooLarge,
    );
    expect(await (await h.driver()).head('limits/late.bin')).toBeNull();
    expect(await h.server.db.selectFrom('fs_uploads').select('id').where('id', '=', signed.uploadId).execute()).toEqual(
      [],
    );
  });

  it('applies the storage quota: files written through the explorer count, a replaced file’s bytes are reused', async () => {
    const before = await used();
    await setQuota(before + 100_000);
    expectOk(await writeText(h, admin(h), `${root}/q.txt`, 'a'.repeat(60_000)), fsUpdateResultSchema);
    expect(await used()).toBe(before + 60_000);
    expectError(await presign('over.bin', 50_000), 413, ErrorCode.QuotaExceeded);
    expectError(await formUpload(h, admin(h), root, 'over.bin', randomBytesOf(50_000)), 413, ErrorCode.QuotaExceeded);
    expectOk(await writeText(h, admin(h), `${root}/q.txt`, 'b'.repeat(90_000)), fsUpdateResultSchema);
    expect(await used()).toBe(before + 90_000);
    const signed = expectOk(await presign('fits.bin', 10_000), fsPresignResultSchema, 201);
    expect(await used()).toBe(before + 100_000);
    expectOk(
      await fsCall(h, admin(h), 'POST', 'presign/cancel', { json: { uploadId: signed.uploadId } }),
      z.object({ status: z.literal('cancelled') }),
    );
    expect(await used()).toBe(before + 90_000);
    expectOk(await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${root}/q.txt` } }), z.unknown());
    expect(await used()).toBe(before);
  });

  it('lets only as many parallel presigns through as the quota holds', async () => {
    await setQuota((await used()) + 10_000);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => presign(`p${i}.bin`, 3_000)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(413)]);
  });
});

describe('a storage that cannot be reached', () => {
  let h: FsHarness;
  let path: string;
  beforeAll(async () => {
    h = await startFsHarness('local');
    const input = {
      ...s3ConfigInput('unreachable'),
      name: 'Offline bucket',
      endpoint_url: `http://127.0.0.1:${await freePort()}`,
    };
    const api = testApi(h.server.baseUrl, asAdmin(h.token));
    const config = await api.ok(createStorageConfig, { body: input });
    const mount = await api.ok(createMount, {
      body: { name: 'offline', storage_type: 's3', storage_config_id: config.id, mount_path: '/offline' },
    });
    path = mount.mount_path;
  });
  afterAll(() => h.close());

  it('answers 502 naming the storage, never 500', async () => {
    const calls = [
      fsCall(h, admin(h), 'GET', 'list', { query: { path } }),
      fsCall(h, admin(h), 'GET', 'get', { query: { path: `${path}/a.txt` } }),
      fsCall(h, admin(h), 'GET', 'download', { query: { path: `${path}/a.txt` } }),
      fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${path}/new` } }),
      fsCall(h, admin(h), 'POST', 'update', { json: { path: `${path}/a.txt`, content: 'x' } }),
    ];
    for (const result of await Promise.all(calls)) {
      const error = expectError(result, 502, ErrorCode.BadGateway);
      expect(error.message).toContain('Offline bucket');
    }
    const mounts = await testApi(h.server.baseUrl, asAdmin(h.token)).ok(listMounts, {});
    const offline = mounts.find((mount) => mount.mount_path === path)?.id ?? '';
    expectError(
      await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: offline } }),
      502,
      ErrorCode.BadGateway,
    );
    expect((await fsCall(h, admin(h), 'GET', 'list', { query: { path: '/' } })).status).toBe(200);
  });
});
