import type { ApiKeyCheck } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import type { ApiKeyLookupService } from '@server/modules/api-keys/api-key-lookup.service';
import { isoAt, type Clock } from '@server/lib/clock';
import { AppError } from '@server/lib/app-error';
import { reserveAttempt } from '@server/lib/rate-limiter';
import type { AuthLimiters } from './auth-limits';
import type { ApiKeyAuth, Auth } from './auth.types';

/** Resolves `Authorization: ApiKey <key>`; only failed lookups count against the address's limit. */
export class ApiKeyAuthService {
  constructor(
    private readonly keys: ApiKeyLookupService,
    private readonly clock: Clock,
    private readonly limiters: AuthLimiters,
  ) {}

  async authenticate(key: string, ip: string): Promise<Auth> {
    return (await this.keys.bySecret(key, isoAt(this.clock))) ?? this.#failed(ip);
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
