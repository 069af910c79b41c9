import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkApiKey } from '@shared/api/auth.endpoints';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { apiKeyCheckSchema } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import { ApiKeyRepo } from '@server/modules/api-keys/api-key.repo';
import { sha256Hex } from '@server/lib/crypto-random';
import { insertApiKey, login } from './support/auth-helpers';
import { expectError, expectOk } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

describe('GET /api/test/api-key', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  const check = (apiKey?: string) =>
    testApi(server.baseUrl, apiKey === undefined ? null : asApiKey(apiKey)).send(checkApiKey, {});

  it('refuses a missing or unknown key with API_KEY_INVALID', async () => {
    for (const result of [await check(), await check('no-such-key')]) {
      expect(expectError(result, 401, ErrorCode.ApiKeyInvalid).message).toBe('API key invalid or expired');
    }
  });

  it('refuses an admin token with API_KEY_INVALID rather than crashing', async () => {
    const { token } = await login(server.baseUrl);
    expectError(await testApi(server.baseUrl, asAdmin(token)).send(checkApiKey, {}), 401, ErrorCode.ApiKeyInvalid);
  });

  it('describes a valid key and records its last use', async () => {
    const { key, id } = await insertApiKey(server.db, {
      name: 'ci-uploader',
      text_permission: 1,
      file_permission: 1,
      basic_path: '/docs',
      read_only: 1,
    });
    const data = expectOk(await check(key), apiKeyCheckSchema);
    expect(data).toEqual({
      name: 'ci-uploader',
      basic_path: '/docs',
      permissions: { text: true, file: true, mount: false },
      key_info: { id, name: 'ci-uploader', basic_path: '/docs', read_only: true },
    });
    const row = await new ApiKeyRepo(server.db).findByHash(sha256Hex(key));
    expect(row?.last_used_at).not.toBeNull();
  });

  it('accepts a key with a future expiry and refuses it once expired', async () => {
    const future = await insertApiKey(server.db, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    expectOk(await check(future.key), apiKeyCheckSchema);
    const past = await insertApiKey(server.db, { expires_at: new Date(Date.now() - 1_000).toISOString() });
    expectError(await check(past.key), 401, ErrorCode.ApiKeyInvalid);
  });

  it('rate-limits failed key lookups per IP, and never refuses a valid key from that IP', async () => {
    const { key } = await insertApiKey(server.db);
    for (let i = 0; i < 20; i += 1) expectError(await check(`guess-${i}`), 401, ErrorCode.ApiKeyInvalid);
    const blocked = await check('guess-20');
    expectError(blocked, 429, ErrorCode.RateLimited);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else behind the same address (a NAT) with the right key keeps working.
    for (let i = 0; i < 3; i += 1) expectOk(await check(key), apiKeyCheckSchema);
    expectError(await check('guess-21'), 429, ErrorCode.RateLimited);
  });
});
