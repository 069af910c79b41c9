import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { adminLogin } from '@shared/api/auth.endpoints';
import { ApiKeyRepo } from '@server/modules/api-keys/api-key.repo';
import type { Database, NewApiKey } from '@server/db/schema';
import { newToken, sha256Hex } from '@server/lib/crypto-random';
import { testApi } from './api';
import { testAdmin } from './test-server';

export async function login(
  baseUrl: string,
  username: string = testAdmin.username,
  password: string = testAdmin.password,
) {
  return testApi(baseUrl).ok(adminLogin, { body: { username, password } });
}

/** Inserts an API key row through the repo and returns the plain key. */
export async function insertApiKey(
  db: Kysely<Database>,
  overrides: Partial<NewApiKey> = {},
): Promise<{ key: string; id: string }> {
  const key = newToken();
  const id = randomUUID();
  await new ApiKeyRepo(db).insert({
    id,
    name: `key-${id.slice(0, 8)}`,
    key_hash: sha256Hex(key),
    key_prefix: key.slice(0, 6),
    created_at: new Date().toISOString(),
    last_used_at: null,
    expires_at: null,
    ...overrides,
  });
  return { key, id };
}
