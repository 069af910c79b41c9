import type { ApiKeyCheck } from '@shared/api/auth.schema';
import type { Repositories } from '@server/db/repositories';
import { ErrorCode } from '@shared/errors';
import type { ApiKeyRepo } from '@server/modules/api-keys/api-key.repo';
import { isoAt, type Clock } from '@server/lib/clock';
import { sha256Hex } from '@server/lib/crypto-random';
import { AppError } from '@server/lib/app-error';
import { reserveAttempt } from '@server/lib/rate-limiter';
import type { AuthLimiters } from './auth-limits';
import type { ApiKeyAuth, Auth } from './auth.types';

const maxKeyLength = 512;

/** Resolves `Authorization: ApiKey <key>`; only failed lookups count against the address's limit. */
export class ApiKeyAuthService {
  private readonly keys: ApiKeyRepo;

  constructor(
    repos: Pick<Repositories, 'apiKeys'>,
    private readonly clock: Clock,
    private readonly limiters: AuthLimiters,
  ) {
    this.keys = repos.apiKeys;
  }

  async authenticate(key: string, ip: string): Promise<Auth> {
    const now = isoAt(this.clock);
    const row = key.length > maxKeyLength ? undefined : await this.keys.findByHash(sha256Hex(key));
    if (row === undefined || (row.expires_at !== null && row.expires_at <= now)) return this.#failed(ip);
    await this.keys.touchLastUsed(row.id, now);
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

  /**
   * A wrong or expired key counts one failure for the address; over the limit the answer is 429.
   * A valid key is checked first and never counted, so a client behind the same address as a
   * guesser keeps working: keys are long enough (custom ones too) that guessing one is hopeless.
   */
  async #failed(ip: string): Promise<Auth> {
    try {
      await reserveAttempt({ limiter: this.limiters.apiKeyByIp, key: ip });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        kind: 'none',
        failure: { code: error.code, message: error.message, retryAfterSeconds: error.details.retryAfterSeconds },
      };
    }
    return { kind: 'none', failure: { code: ErrorCode.ApiKeyInvalid, message: 'API key invalid or expired' } };
  }

  describe(auth: ApiKeyAuth): ApiKeyCheck {
    return {
      name: auth.name,
      basic_path: auth.basicPath,
      permissions: auth.permissions,
      key_info: { id: auth.keyId, name: auth.name, basic_path: auth.basicPath, read_only: auth.readOnly },
    };
  }
}
