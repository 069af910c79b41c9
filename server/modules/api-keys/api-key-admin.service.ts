// Admin management of API keys. Only sha256(key) is stored: the full key leaves the server once,
// in the creation response. Generated keys are `cd_` plus 32 random base64url characters.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import type { Updateable } from 'kysely';
import type {
  ApiKeyView,
  BatchDeleteResult,
  CreateApiKeyRequest,
  CreatedApiKey,
  UpdateApiKeyRequest,
} from '@shared/api/api-key.schema';
import { ErrorCode } from '@shared/errors';
import type { ApiKeyRepo } from './api-key.repo';
import type { ApiKeyRow, ApiKeysTable } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique-violation';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { sha256Hex } from '@server/lib/crypto-random';
import { fieldError } from '@server/lib/field-error';
import type { AdminAuth } from '@server/modules/auth/auth.types';

export const API_KEY_PREFIX = 'cd_';
/** Lists show at most 6 characters of a key, and never more than a quarter of a short custom one. */
const keyPrefixLength = (key: string) => Math.min(6, Math.floor(key.length / 4));
const dayMs = 24 * 60 * 60 * 1000;

type ExpiryInput = Pick<CreateApiKeyRequest, 'expires_at' | 'expires_in_days'>;

export class ApiKeyAdminService {
  private readonly keys: ApiKeyRepo;

  constructor(
    repos: Pick<Repositories, 'apiKeys'>,
    private readonly clock: Clock,
  ) {
    this.keys = repos.apiKeys;
  }

  async list(_auth: AdminAuth): Promise<ApiKeyView[]> {
    return (await this.keys.list()).map(toView);
  }

  async create(_auth: AdminAuth, input: CreateApiKeyRequest): Promise<CreatedApiKey> {
    const key = input.custom_key ?? `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    const keyHash = sha256Hex(key);
    await this.assertNameFree(input.name);
    if (input.custom_key !== undefined && (await this.keys.findByHash(keyHash)) !== undefined) {
      throw new AppError(ErrorCode.Conflict, 'custom_key is already in use');
    }
    const id = randomUUID();
    const row = {
      id,
      name: input.name,
      key_hash: keyHash,
      key_prefix: key.slice(0, keyPrefixLength(key)),
      text_permission: flag(input.text_permission),
      file_permission: flag(input.file_permission),
      mount_permission: flag(input.mount_permission),
      read_only: flag(input.read_only),
      basic_path: input.basic_path ?? '/',
      last_used_at: null,
      expires_at: this.expiry(input) ?? null,
      created_at: isoAt(this.clock),
    };
    await this.write(() => this.keys.insert(row));
    return { ...toView(await this.get(id)), key };
  }

  async update(_auth: AdminAuth, id: string, input: UpdateApiKeyRequest): Promise<ApiKeyView> {
    const current = await this.get(id);
    if (input.name !== undefined && input.name !== current.name) await this.assertNameFree(input.name);
    const patch: Updateable<ApiKeysTable> = {
      name: input.name,
      text_permission: input.text_permission === undefined ? undefined : flag(input.text_permission),
      file_permission: input.file_permission === undefined ? undefined : flag(input.file_permission),
      mount_permission: input.mount_permission === undefined ? undefined : flag(input.mount_permission),
      read_only: input.read_only === undefined ? undefined : flag(input.read_only),
      basic_path: input.basic_path,
      expires_at: this.expiry(input),
    };
    await this.write(() => this.keys.update(id, patch));
    return toView(await this.get(id));
  }

  async delete(_auth: AdminAuth, id: string): Promise<void> {
    if ((await this.keys.deleteMany([id])) === 0) throw notFound();
  }

  async batchDelete(_auth: AdminAuth, ids: readonly string[]): Promise<BatchDeleteResult> {
    return { deleted: await this.keys.deleteMany([...new Set(ids)]) };
  }

  private async get(id: string): Promise<ApiKeyRow> {
    const row = await this.keys.findById(id);
    if (row === undefined) throw notFound();
    return row;
  }

  private async assertNameFree(name: string): Promise<void> {
    if ((await this.keys.findByName(name)) !== undefined) throw nameTaken();
  }

  /** undefined = unchanged, null = never expires, else an ISO time that must lie in the future. */
  private expiry({ expires_at, expires_in_days }: ExpiryInput): string | null | undefined {
    if (expires_in_days !== undefined) return isoAt(this.clock, expires_in_days * dayMs);
    if (expires_at === undefined) return undefined;
    if (expires_at === null || expires_at === 'never') return null;
    const at = Date.parse(expires_at);
    if (at <= this.clock.now()) throw fieldError('expires_at', 'expires_at must be in the future');
    return new Date(at).toISOString();
  }

  /** The pre-checks above leave a race; the unique indexes settle it. */
  private async write(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }
}

function flag(value: boolean | undefined): number {
  return value === true ? 1 : 0;
}

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'API key not found');
}

function nameTaken(): AppError {
  return new AppError(ErrorCode.Conflict, 'an API key with this name already exists');
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    key_masked: `${row.key_prefix}…••••`,
    text_permission: row.text_permission === 1,
    file_permission: row.file_permission === 1,
    mount_permission: row.mount_permission === 1,
    read_only: row.read_only === 1,
    basic_path: row.basic_path,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
  };
}
