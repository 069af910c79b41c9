import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loginResponseSchema } from '@shared/api/auth.schema';
import { ApiKeyRepo } from '@server/modules/api-keys/api-key.repo';
import type { Database, NewApiKey } from '@server/db/schema';
import { newToken, sha256Hex } from '@server/lib/crypto-random';
import { call, expectOk } from './http';
import { testAdmin } from './test-server';

export async function login(
  baseUrl: string,
  username: string = testAdmin.username,
  password: string = testAdmin.password,
) {
  return expectOk(
    await call(baseUrl, 'POST', '/api/admin/login', { json: { username, password } }),
    loginResponseSchema,
  );
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
