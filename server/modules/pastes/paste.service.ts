// Creating a paste: who may create (admin, text keys, guests when allowed), slug choice, and
// Idempotency-Key replays, so a retried request returns the first paste instead of a second one.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import {
  DEFAULT_PASTE_FORMAT,
  PASTE_MAX_BYTES,
  pasteCreateResultSchema,
  type PasteCreateInput,
  type PasteCreateResult,
} from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import type { PasteSettingsRepo } from './paste-settings.repo';
import { isUniqueViolation, type NewPasteRow } from './paste.repo';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import type { IdempotencyStore, IdempotentRequest } from '@server/modules/idempotency/idempotency.service';
import { hashPassword } from '@server/lib/password';
import { reserveAttempt } from '@server/lib/rate-limiter';
import { generateSlug } from '@server/lib/slug';
import type { Auth } from '@server/modules/auth/auth.types';
import { GUEST_OWNER, ownerTagOf, requireTextAccess, type PasteLimiters } from './paste-access.service';
import { assertContentSize, assertSealedContent, futureExpiry } from './paste-rules.service';
import { fieldError } from '@server/lib/field-error';

export type CreateContext = { ip: string; origin: string; idempotent: IdempotentRequest | undefined };

const generatedSlugAttempts = 5;

export class PasteService {
  private readonly settings: PasteSettingsRepo;

  constructor(
    repos: Pick<Repositories, 'pasteSettings'>,
    private readonly clock: Clock,
    private readonly limiters: PasteLimiters,
    private readonly idempotency: IdempotencyStore,
    private readonly maxBytes = PASTE_MAX_BYTES,
  ) {
    this.settings = repos.pasteSettings;
  }

  async create(
    auth: Auth,
    input: PasteCreateInput,
    { ip, origin, idempotent }: CreateContext,
  ): Promise<PasteCreateResult> {
    const owner = await this.#creator(auth);
    const scope = `paste.create:${owner === GUEST_OWNER ? `guest:${ip}` : owner}`;
    assertContentSize(input.content, this.maxBytes);
    if (input.e2ee === true) assertSealedContent(input.content);
    else if (input.e2eeLock !== undefined)
      throw fieldError('e2eeLock', 'is only for an end-to-end encrypted paste (e2ee: true)');
    const now = isoAt(this.clock);
    const format = input.format ?? DEFAULT_PASTE_FORMAT;
    const row: NewPasteRow = {
      id: randomUUID(),
      slug: '',
      content: input.content,
      format,
      remark: input.remark ?? null,
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      expires_at: input.expiresAt === undefined ? null : futureExpiry(input.expiresAt, this.clock),
      max_views: input.maxViews === undefined || input.maxViews === 0 ? null : input.maxViews,
      created_by: owner,
      created_at: now,
      updated_at: now,
      e2ee: input.e2ee === true ? 1 : 0,
      e2ee_lock: input.e2ee === true && input.e2eeLock !== undefined ? JSON.stringify(input.e2eeLock) : null,
    };
    const answer = (slug: string): PasteCreateResult => ({
      id: row.id,
      slug,
      url: `${origin}/paste/${slug}`,
      format,
      expiresAt: row.expires_at ?? null,
      maxViews: row.max_views ?? null,
      hasPassword: row.password_hash !== null,
      createdAt: now,
    });
    const insert = (slug: string) =>
      this.idempotency.once(idempotent && { ...idempotent, scope }, pasteCreateResultSchema, async (repos) => {
        if (owner === GUEST_OWNER) await reserveAttempt({ limiter: this.limiters.guestCreateByIp, key: ip });
        if (input.slug === undefined) await repos.pastes.insert({ ...row, slug });
        else await repos.pastes.insertReclaiming({ ...row, slug });
        return answer(slug);
      });

    if (input.slug !== undefined) {
      try {
        return await insert(input.slug);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.SlugTaken, `slug "${input.slug}" is already taken`);
        throw error;
      }
    }
    // A generated slug skips the tombstone clean-up: meeting a retired slug among 62^8 is not worth
    // a second statement on every create. A clash rolls the attempt back and tries another slug.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await insert(generateSlug());
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= generatedSlugAttempts) throw error;
      }
    }
  }

  async #creator(auth: Auth): Promise<string> {
    if (auth.kind !== 'none' || auth.failure !== undefined) return ownerTagOf(requireTextAccess(auth));
    if (!(await this.settings.guestPastesAllowed())) {
      throw new AppError(ErrorCode.Unauthorized, 'authentication required: guest pastes are disabled');
    }
    return GUEST_OWNER;
  }
}
