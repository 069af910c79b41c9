// Every mutation the offline queue may replay honours Idempotency-Key: the same key
// with the same body gets the first answer and changes nothing again; another body is a 422.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@shared/api/endpoints';
import { clearCacheResultSchema } from '@shared/api/cache.schema';
import { verifiedFileSchema } from '@shared/api/file-share.schema';
import { deletedCountSchema, pasteCreateResultSchema, pasteDetailSchema } from '@shared/api/paste.schema';
import { systemSettingsSchema } from '@shared/api/settings.schema';
import { call, expectError, expectOk, type CallOptions } from '@tests/integration/support/http';
import type { TestServer } from '@tests/integration/support/test-server';
import { startHarness, uploadFile, type Harness } from '@tests/integration/storage/storage-harness';

const replayList = [
  'pastes.create',
  'pastes.admin.update',
  'pastes.user.update',
  'pastes.admin.delete',
  'pastes.user.delete',
  'pastes.admin.batchDelete',
  'pastes.user.batchDelete',
  'pastes.admin.clearExpired',
  'settings.update',
  'cache.admin.clear',
  'files.public.verify',
];

describe('replayable mutations', () => {
  let h: Harness;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    h = await startHarness('local');
    ({ server, token } = h);
  });
  afterAll(() => h.close());

  const send = (method: string, path: string, key: string, options: CallOptions = {}) =>
    call(server.baseUrl, method, path, { token, ...options, headers: { 'idempotency-key': key, ...options.headers } });
  const createPaste = async (content: string) =>
    expectOk(
      await call(server.baseUrl, 'POST', '/api/paste', { token, json: { content } }),
      pasteCreateResultSchema,
      201,
    );
  const pastesWith = async (content: string) =>
    (await server.db.selectFrom('pastes').select('id').where('content', '=', content).execute()).length;

  it('are exactly the endpoints marked idempotent in the contract', () => {
    const marked = allEndpoints.filter((e) => e.idempotent === true);
    expect(new Set(marked.map((e) => e.id))).toEqual(new Set(replayList));
  });

  it('an update replayed after another change answers as the first time and does not undo the later change', async () => {
    const paste = await createPaste(`update ${randomUUID()}`);
    const key = randomUUID();
    const first = expectOk(
      await send('PUT', `/api/admin/pastes/${paste.id}`, key, { json: { remark: 'first' } }),
      pasteDetailSchema,
    );
    expectOk(
      await call(server.baseUrl, 'PUT', `/api/admin/pastes/${paste.id}`, { token, json: { remark: 'later' } }),
      pasteDetailSchema,
    );
    const again = expectOk(
      await send('PUT', `/api/admin/pastes/${paste.id}`, key, { json: { remark: 'first' } }),
      pasteDetailSchema,
    );
    expect(again).toEqual(first);
    const row = await server.db
      .selectFrom('pastes')
      .select('remark')
      .where('id', '=', paste.id)
      .executeTakeFirstOrThrow();
    expect(row.remark).toBe('later');
    expectError(
      await send('PUT', `/api/admin/pastes/${paste.id}`, key, { json: { remark: 'other' } }),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('a delete replayed gets its first answer, not a 404 for the paste it removed', async () => {
    const paste = await createPaste(`delete ${randomUUID()}`);
    const key = randomUUID();
    expect(expectOk(await send('DELETE', `/api/admin/pastes/${paste.id}`, key), deletedCountSchema)).toEqual({
      deleted: 1,
    });
    expect(expectOk(await send('DELETE', `/api/admin/pastes/${paste.id}`, key), deletedCountSchema)).toEqual({
      deleted: 1,
    });
    expectError(await send('DELETE', `/api/admin/pastes/${paste.id}`, randomUUID()), 404, 'NOT_FOUND');
  });

  it('a batch delete replayed after a new paste with the same id list deletes nothing more', async () => {
    const content = `batch ${randomUUID()}`;
    const a = await createPaste(content);
    const key = randomUUID();
    const body = { json: { ids: [a.id] } };
    expect(expectOk(await send('POST', '/api/admin/pastes/batch-delete', key, body), deletedCountSchema)).toEqual({
      deleted: 1,
    });
    expect(expectOk(await send('POST', '/api/admin/pastes/batch-delete', key, body), deletedCountSchema)).toEqual({
      deleted: 1,
    });
    expect(await pastesWith(content)).toBe(0);
  });

  it('clear-expired, settings and cache clear replay their first answers', async () => {
    const clearKey = randomUUID();
    const cleared = expectOk(await send('POST', '/api/admin/pastes/clear-expired', clearKey), deletedCountSchema);
    expect(expectOk(await send('POST', '/api/admin/pastes/clear-expired', clearKey), deletedCountSchema)).toEqual(
      cleared,
    );

    const settingsKey = randomUUID();
    const settings = expectOk(
      await send('PUT', '/api/admin/system-settings', settingsKey, { json: { max_upload_size: 321 } }),
      systemSettingsSchema,
    );
    expect(settings.max_upload_size).toBe(321);
    expectOk(
      await call(server.baseUrl, 'PUT', '/api/admin/system-settings', { token, json: { max_upload_size: 654 } }),
      systemSettingsSchema,
    );
    expect(
      expectOk(
        await send('PUT', '/api/admin/system-settings', settingsKey, { json: { max_upload_size: 321 } }),
        systemSettingsSchema,
      ),
    ).toEqual(settings);
    const now = expectOk(
      await call(server.baseUrl, 'GET', '/api/admin/system-settings', { token }),
      systemSettingsSchema,
    );
    expect(now.max_upload_size).toBe(654);

    const cacheKey = randomUUID();
    const first = expectOk(
      await send('POST', '/api/admin/cache/clear', cacheKey, { json: {} }),
      clearCacheResultSchema,
    );
    expect(
      expectOk(await send('POST', '/api/admin/cache/clear', cacheKey, { json: {} }), clearCacheResultSchema),
    ).toEqual(first);
  });

  it('a key is scoped to its path: the same key on another paste is another request', async () => {
    const [a, b] = [await createPaste(`scope a ${randomUUID()}`), await createPaste(`scope b ${randomUUID()}`)];
    const key = randomUUID();
    expectOk(await send('DELETE', `/api/admin/pastes/${a.id}`, key), deletedCountSchema);
    expectOk(await send('DELETE', `/api/admin/pastes/${b.id}`, key), deletedCountSchema);
    expect(await server.db.selectFrom('pastes').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('a password check replayed gets the first answer, links and token included', async () => {
    const file = await uploadFile(h, 'secret.txt', new TextEncoder().encode('secret bytes'), {
      password: 'open sesame',
    });
    const key = randomUUID();
    const verify = (password: string) =>
      call(server.baseUrl, 'POST', `/api/public/files/${file.slug}/verify`, {
        json: { password },
        headers: { 'idempotency-key': key },
      });
    const first = expectOk(await verify('open sesame'), verifiedFileSchema);
    expect(expectOk(await verify('open sesame'), verifiedFileSchema)).toEqual(first);
    expectError(await verify('another guess'), 422, 'VALIDATION_FAILED');
  });
});
