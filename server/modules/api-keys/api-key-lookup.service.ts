// What other domains ask of the API keys: the live key behind a secret (sign-in, once per request
// that carries one) or behind an id (a file request acting for the key that made it). A key past
// its expiry is not live; the caller decides what a missing key means for it.
import type { ApiKeyRow } from '@server/db/schema';
import type { Repositories } from '@server/db/repositories';
import { sha256Hex } from '@server/lib/crypto-random';
import type { ApiKeyAuth } from '@server/modules/auth/auth.types';
import type { ApiKeyRepo } from './api-key.repo';

/** Longer secrets are refused unread: no key is that long, and hashing them costs the server. */
const maxKeyLength = 512;

export class ApiKeyLookupService {
  private readonly keys: ApiKeyRepo;

  constructor(repos: Pick<Repositories, 'apiKeys'>) {
    this.keys = repos.apiKeys;
  }

  /** The live key whose secret this is, marked used at `nowIso`; undefined when none is. */
  async bySecret(key: string, nowIso: string): Promise<ApiKeyAuth | undefined> {
    const row = key.length > maxKeyLength ? undefined : await this.keys.findByHash(sha256Hex(key));
    if (!isLive(row, nowIso)) return undefined;
    await this.keys.touchLastUsed(row.id, nowIso);
    return toAuth(row);
  }

  /** The live key with this id (not marked used: nobody presented it). */
  async byId(id: string, nowIso: string): Promise<ApiKeyAuth | undefined> {
    const row = await this.keys.findById(id);
    return isLive(row, nowIso) ? toAuth(row) : undefined;
  }
}

function isLive(row: ApiKeyRow | undefined, nowIso: string): row is ApiKeyRow {
  return row !== undefined && (row.expires_at === null || row.expires_at > nowIso);
}

function toAuth(row: ApiKeyRow): ApiKeyAuth {
  return {
    kind: 'apikey',
    keyId: row.id,
    name: row.name,
    permissions: {
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    },
    basicPath: row.basic_path,
    readOnly: row.read_only === 1,
  };
}
