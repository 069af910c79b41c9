import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSystemSettings } from '@shared/api/settings.endpoints';
import { getMaxUploadSize } from '@shared/api/system.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import * as z from 'zod/mini';
import { maxUploadSizeSchema, systemSettingsSchema } from '@shared/api/settings.schema';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk, type CallResult } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';

describe('system settings', () => {
  let server: TestServer;
  let token: string;
  beforeEach(async () => {
    server = await startTestServer();
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const get = async () =>
    expectOk(
      await testApi(server.baseUrl, asAdmin(token)).send(getSystemSettings, {}),
      z.strictObject(systemSettingsSchema.shape),
    );
  // raw: any body, the ones the contract refuses included
  const put = (json: unknown) => call(server.baseUrl, 'PUT', '/api/admin/system-settings', { token, json });
  const fieldsOf = (result: CallResult) =>
    expectError(result, 400, ErrorCode.ValidationFailed).data.issues?.map((i) => i.path);

  it('returns only the public settings with their seeded defaults', async () => {
    await server.db
      .insertInto('system_settings')
      .values({ key: 'schema_secret', value: 'internal', description: null, updated_at: '' })
      .execute();
    const settings = await get();
    expect(settings).toEqual({
      max_upload_size: 100,
      max_upload_size_unit: 'MB',
      webdav_upload_mode: 'auto',
      allow_guest_pastes: false,
      thumbnail_max_source_mb: 50,
      max_upload_size_bytes: 100 * 1024 * 1024,
    });
  });

  it('updates fields partially and serves the new values at once', async () => {
    const updated = expectOk(await put({ max_upload_size: 2, max_upload_size_unit: 'GB' }), systemSettingsSchema);
    expect(updated).toMatchObject({
      max_upload_size: 2,
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'auto',
      max_upload_size_bytes: 2 * 1024 ** 3,
    });
    expectOk(await put({ webdav_upload_mode: 'multipart', allow_guest_pastes: true }), systemSettingsSchema);
    expect(await get()).toMatchObject({
      max_upload_size: 2,
      webdav_upload_mode: 'multipart',
      allow_guest_pastes: true,
    });
    const pub = expectOk(
      await testApi(server.baseUrl).send(getMaxUploadSize, {}),
      z.strictObject(maxUploadSizeSchema.shape),
    );
    // In megabytes whatever the unit set, as the product spec's client reads it.
    expect(pub).toEqual({ max_upload_size: 2048, max_upload_size_unit: 'MB', max_upload_size_bytes: 2 * 1024 ** 3 });
    const rows = await server.db
      .selectFrom('system_settings')
      .select(['key', 'value'])
      .where('key', '=', 'allow_guest_pastes')
      .execute();
    expect(rows).toEqual([{ key: 'allow_guest_pastes', value: 'true' }]);
  });

  it('refuses bad values, naming the field', async () => {
    for (const bad of [0, -5, 1.5, '10', null])
      expect(fieldsOf(await put({ max_upload_size: bad })), String(bad)).toEqual(['max_upload_size']);
    expect(fieldsOf(await put({ max_upload_size_unit: 'TB' }))).toEqual(['max_upload_size_unit']);
    expect(fieldsOf(await put({ webdav_upload_mode: 'fast' }))).toEqual(['webdav_upload_mode']);
    expect(fieldsOf(await put({ thumbnail_max_source_mb: 0 }))).toEqual(['thumbnail_max_source_mb']);
    expect(fieldsOf(await put({ allow_guest_pastes: 'yes' }))).toEqual(['allow_guest_pastes']);
    expectError(await put({}), 400, ErrorCode.ValidationFailed);
    expect((await get()).max_upload_size).toBe(100);
  });

  it('serves the upload limit to anonymous callers', async () => {
    const data = expectOk(
      await testApi(server.baseUrl).send(getMaxUploadSize, {}),
      z.strictObject(maxUploadSizeSchema.shape),
    );
    expect(data).toEqual({ max_upload_size: 100, max_upload_size_unit: 'MB', max_upload_size_bytes: 104_857_600 });
  });
});
