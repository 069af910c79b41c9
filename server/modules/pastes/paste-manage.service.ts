// Managing pastes for the admin (every paste) and for API keys (only their own; any other
// paste is reported as missing). Updates are partial and never echo the password. Every change
// here may be replayed from the offline queue, so each runs through the idempotency
// store: the change and the record of its answer commit in one transaction.
import type { Repositories } from '@server/db/repositories';
import {
  PASTE_MAX_BYTES,
  PASTE_PREVIEW_LENGTH,
  deletedCountSchema,
  pasteDetailSchema,
  type AdminPasteList,
  type DeletedCount,
  type PasteDetail,
  type PasteOffsetQuery,
  type PastePageQuery,
  type PasteUpdateInput,
  type UserPasteList,
} from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { isUniqueViolation, type PasteRepo, type OwnerFilter, type PastePatch, type PasteRow } from './paste.repo';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { hashPassword } from '@server/lib/password';
import type { IdempotencyStore, IdempotentRequest } from '@server/modules/idempotency/idempotency.service';
import { toDetail, toListItem } from './paste-mapping.service';
import { assertContentSize, assertSealedContent, futureExpiry } from './paste-rules.service';

export class PasteManageService {
  private readonly repo: PasteRepo;

  constructor(
    repos: Pick<Repositories, 'pastes'>,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyStore,
    private readonly maxBytes = PASTE_MAX_BYTES,
  ) {
    this.repo = repos.pastes;
  }

  async page(owners: OwnerFilter, { page, limit }: PastePageQuery): Promise<AdminPasteList> {
    const [rows, total] = await Promise.all([
      this.repo.list(owners, limit, (page - 1) * limit, PASTE_PREVIEW_LENGTH),
      this.repo.count(owners),
    ]);
    return { items: rows.map(toListItem), pagination: { total, page, limit, totalPages: Math.ceil(total / limit) } };
  }

  async slice(owners: OwnerFilter, { limit, offset }: PasteOffsetQuery): Promise<UserPasteList> {
    const [rows, total] = await Promise.all([
      this.repo.list(owners, limit, offset, PASTE_PREVIEW_LENGTH),
      this.repo.count(owners),
    ]);
    return { items: rows.map(toListItem), pagination: { total, limit, offset, hasMore: offset + rows.length < total } };
  }

  async get(owners: OwnerFilter, id: string): Promise<PasteDetail> {
    return toDetail(await this.#find(this.repo, owners, id));
  }

  async update(
    owners: OwnerFilter,
    id: string,
    input: PasteUpdateInput,
    idempotent?: IdempotentRequest,
  ): Promise<PasteDetail> {
    if (input.content !== undefined) assertContentSize(input.content, this.maxBytes);
    // Hashed before the transaction: argon2 is slow and a transaction holds the database.
    const passwordHash =
      input.password === undefined || input.password === null ? input.password : await hashPassword(input.password);
    try {
      return await this.idempotency.once(idempotent, pasteDetailSchema, async (repos) => {
        const current = await this.#find(repos.pastes, owners, id);
        const patch: PastePatch = { updated_at: isoAt(this.clock) };
        if (input.content !== undefined) {
          if (current.e2ee === 1) assertSealedContent(input.content);
          patch.content = input.content;
        }
        if (input.format !== undefined) patch.format = input.format;
        if (input.remark !== undefined) patch.remark = input.remark;
        if (input.expiresAt !== undefined)
          patch.expires_at = input.expiresAt === null ? null : futureExpiry(input.expiresAt, this.clock);
        if (input.maxViews !== undefined) {
          patch.max_views = input.maxViews === null || input.maxViews === 0 ? null : input.maxViews;
          if (patch.max_views !== null && patch.max_views < current.views) patch.views = 0;
        }
        if (passwordHash !== undefined) patch.password_hash = passwordHash;
        if (input.slug !== undefined) patch.slug = input.slug;
        const updated = await repos.pastes.update(id, owners, patch);
        if (updated === undefined) throw notFound();
        return toDetail(updated);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(ErrorCode.SlugTaken, `slug "${input.slug ?? ''}" is already taken`);
      throw error;
    }
  }

  /** A replay of a delete that succeeded gets its first answer, not a 404 for the paste it removed. */
  async remove(owners: OwnerFilter, id: string, idempotent?: IdempotentRequest): Promise<DeletedCount> {
    return this.idempotency.once(idempotent, deletedCountSchema, async (repos) => {
      const deleted = await repos.pastes.deleteByIds([id], owners);
      if (deleted === 0) throw notFound();
      return { deleted };
    });
  }

  async removeMany(owners: OwnerFilter, ids: readonly string[], idempotent?: IdempotentRequest): Promise<DeletedCount> {
    return this.idempotency.once(idempotent, deletedCountSchema, async (repos) => ({
      deleted: await repos.pastes.deleteByIds([...new Set(ids)], owners),
    }));
  }

  /** Deletes every expired or used-up paste. */
  async clearExpired(idempotent?: IdempotentRequest): Promise<DeletedCount> {
    return this.idempotency.once(idempotent, deletedCountSchema, async (repos) => ({
      deleted: await repos.pastes.deleteDead(isoAt(this.clock)),
    }));
  }

  async #find(repo: PasteRepo, owners: OwnerFilter, id: string): Promise<PasteRow> {
    const row = await repo.findById(id, owners);
    if (row === undefined) throw notFound();
    return row;
  }
}

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'paste not found');
}
