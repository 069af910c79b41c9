import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageConfig, listStorageConfigs } from '@shared/api/storage-config.endpoints';
import { presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { storageConfigSchema } from '@shared/api/storage-config.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestBucket } from '@tests/integration/support/rgw';
import { presign, s3ConfigInput, startHarness, type Harness } from './storage-harness';

describe("an API key's basic_path limits the storage configs it uploads to", () => {
  let local: Harness;
  let s3ConfigId: string;
  beforeAll(async () => {
    local = await startHarness('local');
    const created = await testApi(local.server.baseUrl, asAdmin(local.token)).send(createStorageConfig, {
      body: s3ConfigInput(await createTestBucket('clipdock-scope')),
    });
    s3ConfigId = expectOk(created, storageConfigSchema, 201).id;
  });
  afterAll(() => local.close());

  const keyWith = async (basicPath: string) =>
    (await insertApiKey(local.server.db, { file_permission: 1, basic_path: basicPath })).key;
  const listIds = async (apiKey: string) =>
    expectOk(
      await testApi(local.server.baseUrl, asApiKey(apiKey)).send(listStorageConfigs, {}),
      z.array(storageConfigSchema),
    ).map((config) => config.id);

  it('a key rooted at / keeps every public config', async () => {
    const apiKey = await keyWith('/');
    expectOk(await presign(local, { filename: 'a.bin', size: 1 }, { apiKey }), presignResponseSchema, 201);
    expect(await listIds(apiKey)).toEqual(expect.arrayContaining([local.configId, s3ConfigId]));
  });

  it('a key reaches a config through a mount inside its basic_path, and nothing else', async () => {
    const apiKey = await keyWith('/local');
    expectOk(await presign(local, { filename: 'b.bin', size: 1 }, { apiKey }), presignResponseSchema, 201);
    const other = await testApi(local.server.baseUrl, asApiKey(apiKey)).send(presignUpload, {
      body: { s3_config_id: s3ConfigId, filename: 'c.bin', mimetype: 'text/plain', size: 1 },
    });
    expectError(other, 403, ErrorCode.Forbidden);
    expect(await listIds(apiKey)).toEqual([local.configId]);
  });

  it('a key whose basic_path meets no mount of the config is refused with 403', async () => {
    for (const basicPath of ['/elsewhere', '/localx', '/loc']) {
      expectError(
        await presign(local, { filename: 'd.bin', size: 1 }, { apiKey: await keyWith(basicPath) }),
        403,
        ErrorCode.Forbidden,
      );
    }
  });

  it("places a key's share uploads under its basic_path inside the mount that contains it, whatever path it sends", async () => {
    const apiKey = await keyWith('/local/docs');
    for (const path of [undefined, 'docsbar', 'etc/passwd', '/etc']) {
      const created = expectOk(
        await presign(local, { filename: 'e.bin', size: 1, ...(path === undefined ? {} : { path }) }, { apiKey }),
        presignResponseSchema,
        201,
      );
      expect(created.storage_path, String(path)).toMatch(/^docs\/shares\//);
      if (path !== undefined) expect(created.storage_path).toContain(`docs/shares/${path.replace(/^\//, '')}/`);
    }
    const rooted = expectOk(
      await presign(local, { filename: 'f.bin', size: 1, path: 'docsbar' }, { apiKey: await keyWith('/local') }),
      presignResponseSchema,
      201,
    );
    expect(rooted.storage_path).toMatch(/^shares\/docsbar\/[A-Za-z0-9]{6}-f\.bin$/);
  });
});
