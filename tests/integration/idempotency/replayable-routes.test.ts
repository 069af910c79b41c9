// Every mutation the offline queue may replay honours Idempotency-Key: the same key
// with the same body gets the first answer and changes nothing again; another body is a 422.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCache } from '@shared/api/cache.endpoints';
import { allEndpoints } from '@shared/api/endpoints';
import { verifyFilePassword } from '@shared/api/file.endpoints';
import {
  adminPasteEndpoints,
  clearExpiredPastes,
  createPaste as createPasteEndpoint,
} from '@shared/api/paste.endpoints';
import { getSystemSettings, updateSystemSettings } from '@shared/api/settings.endpoints';
import { ErrorCode } from '@shared/errors';
import { asAdmin, testApi } from '@tests/integration/support/api';
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

  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const keyed = (key: string) => ({ 'idempotency-key': key });
  const createPaste = (content: string) => admin().ok(createPasteEndpoint, { body: { content } });
  const pastesWith = async (content: string) =>
    (await server.db.selectFrom('pastes').select('id').where('content', '=', content).execute()).length;

  it('are exactly the endpoints marked idempotent in the contract', () => {
    const marked = allEndpoints.filter((e) => e.idempotent === true);
    expect(new Set(marked.map((e) => e.id))).toEqual(new Set(replayList));
  });

  it('an update replayed after another change answers as the first time and does not undo the later change', async () => {
    const paste = await createPaste(`update ${randomUUID()}`);
    const key = randomUUID();
    const update = adminPasteEndpoints.update;
    const params = { id: paste.id };
    const first = await admin().ok(update, { params, body: { remark: 'first' }, headers: keyed(key) });
    await admin().ok(update, { params, body: { remark: 'later' } });
    const again = await admin().ok(update, { params, body: { remark: 'first' }, headers: keyed(key) });
    expect(again).toEqual(first);
    const row = await server.db
      .selectFrom('pastes')
      .select('remark')
      .where('id', '=', paste.id)
      .executeTakeFirstOrThrow();
    expect(row.remark).toBe('later');
    await admin().fails(
      update,
      { params, body: { remark: 'other' }, headers: keyed(key) },
      422,
      ErrorCode.ValidationFailed,
    );
  });

  it('a delete replayed gets its first answer, not a 404 for the paste it removed', async () => {
    const paste = await createPaste(`delete ${randomUUID()}`);
    const key = randomUUID();
    const remove = (idempotencyKey: string) => ({ params: { id: paste.id }, headers: keyed(idempotencyKey) }) as const;
    expect(await admin().ok(adminPasteEndpoints.remove, remove(key))).toEqual({ deleted: 1 });
    expect(await admin().ok(adminPasteEndpoints.remove, remove(key))).toEqual({ deleted: 1 });
    await admin().fails(adminPasteEndpoints.remove, remove(randomUUID()), 404, ErrorCode.NotFound);
  });

  it('a batch delete replayed after a new paste with the same id list deletes nothing more', async () => {
    const content = `batch ${randomUUID()}`;
    const a = await createPaste(content);
    const key = randomUUID();
    const batch = { body: { ids: [a.id] }, headers: keyed(key) };
    expect(await admin().ok(adminPasteEndpoints.removeMany, batch)).toEqual({ deleted: 1 });
    expect(await admin().ok(adminPasteEndpoints.removeMany, batch)).toEqual({ deleted: 1 });
    expect(await pastesWith(content)).toBe(0);
  });

  it('clear-expired, settings and cache clear replay their first answers', async () => {
    const clearKey = randomUUID();
    const cleared = await admin().ok(clearExpiredPastes, { headers: keyed(clearKey) });
    expect(await admin().ok(clearExpiredPastes, { headers: keyed(clearKey) })).toEqual(cleared);

    const settingsKey = randomUUID();
    const keyedSettings = { body: { max_upload_size: 321 }, headers: keyed(settingsKey) };
    const settings = await admin().ok(updateSystemSettings, keyedSettings);
    expect(settings.max_upload_size).toBe(321);
    await admin().ok(updateSystemSettings, { body: { max_upload_size: 654 } });
    expect(await admin().ok(updateSystemSettings, keyedSettings)).toEqual(settings);
    const now = await admin().ok(getSystemSettings, {});
    expect(now.max_upload_size).toBe(654);

    const keyedClear = { body: {}, headers: keyed(randomUUID()) };
    const first = await admin().ok(clearCache, keyedClear);
    expect(await admin().ok(clearCache, keyedClear)).toEqual(first);
  });

  it('a key is scoped to its path: the same key on another paste is another request', async () => {
    const [a, b] = [await createPaste(`scope a ${randomUUID()}`), await createPaste(`scope b ${randomUUID()}`)];
    const key = randomUUID();
    await admin().ok(adminPasteEndpoints.remove, { params: { id: a.id }, headers: keyed(key) });
    await admin().ok(adminPasteEndpoints.remove, { params: { id: b.id }, headers: keyed(key) });
    expect(await server.db.selectFrom('pastes').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('a password check replayed gets the first answer, links and token included', async () => {
    const file = await uploadFile(h, 'secret.txt', new TextEncoder().encode('secret bytes'), {
      password: 'open sesame',
    });
    const key = randomUUID();
    const verify = (password: string) =>
      ({ params: { slug: file.slug }, body: { password }, headers: keyed(key) }) as const;
    const anyone = testApi(server.baseUrl);
    const first = await anyone.ok(verifyFilePassword, verify('open sesame'));
    expect(await anyone.ok(verifyFilePassword, verify('open sesame'))).toEqual(first);
    await anyone.fails(verifyFilePassword, verify('another guess'), 422, ErrorCode.ValidationFailed);
  });
});
