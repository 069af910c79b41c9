// Managing committed file shares: admins see all of them, an API key (file permission) only
// those it created; anything else is 404. Deleting a share deletes its object too.
import type { Repositories } from '@server/db/repositories';
import type {
  FileDeleted,
  FileDetail,
  FileList,
  FileListQuery,
  FileRecord,
  UpdateFileRequest,
} from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import type { FileRepo } from './file.repo';
import type { FilePatch, FileRow } from './files.types';
import { isUniqueViolation } from '@server/db/unique-violation';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { hashPassword } from '@server/lib/password';
import { owns, toFileRecord } from './file-share-mapping.service';
import { ownerTag, type AdminAuth, type ApiKeyAuth } from '@server/modules/auth/auth.types';
import type { PublicFileService } from './public-file.service';

export class FileShareService {
  private readonly files: FileRepo;

  constructor(
    repos: Pick<Repositories, 'files'>,
    private readonly clock: Clock,
    private readonly shares: PublicFileService,
  ) {
    this.files = repos.files;
  }

  async list(caller: AdminAuth | ApiKeyAuth, query: FileListQuery): Promise<FileList> {
    const createdBy = caller.kind === 'admin' ? undefined : ownerTag(caller);
    const page = await this.files.page({ createdBy, limit: query.limit, offset: query.offset });
    return {
      items: page.items.map(toFileRecord),
      pagination: {
        total: page.total,
        limit: query.limit,
        offset: query.offset,
        hasMore: query.offset + page.items.length < page.total,
      },
    };
  }

  async get(caller: AdminAuth | ApiKeyAuth, id: string, origin: string): Promise<FileDetail> {
    const row = await this.#owned(caller, id);
    const link = (kind: string) => `${origin}/api/file-${kind}/${encodeURIComponent(row.slug)}`;
    return { ...toFileRecord(row), urls: { preview_url: link('view'), download_url: link('download') } };
  }

  async update(caller: AdminAuth | ApiKeyAuth, id: string, input: UpdateFileRequest): Promise<FileRecord> {
    const row = await this.#owned(caller, id);
    if (input.slug !== undefined && input.slug !== row.slug && (await this.files.slugTaken(input.slug))) {
      throw new AppError(ErrorCode.SlugTaken, 'link suffix already taken, try another');
    }
    const patch: FilePatch = {
      remark: input.remark,
      slug: input.slug,
      expires_at:
        input.expires_at === undefined || input.expires_at === null
          ? input.expires_at
          : new Date(input.expires_at).toISOString(),
      use_proxy: input.use_proxy === undefined ? undefined : Number(input.use_proxy),
      updated_at: isoAt(this.clock),
    };
    if (input.max_views !== undefined) {
      patch.max_views = input.max_views === 0 ? null : input.max_views;
      patch.views = 0;
    }
    if (input.password !== undefined)
      patch.password_hash =
        input.password === null || input.password === '' ? null : await hashPassword(input.password);
    try {
      await this.files.update(id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.SlugTaken, 'link suffix already taken, try another');
      throw error;
    }
    return toFileRecord(await this.#owned(caller, id));
  }

  async remove(caller: AdminAuth | ApiKeyAuth, id: string): Promise<FileDeleted> {
    await this.shares.remove(await this.#owned(caller, id));
    return { id, deleted: true };
  }

  /** Deletes the caller's shares among `ids`; unknown or foreign ids are skipped. */
  async removeMany(caller: AdminAuth | ApiKeyAuth, ids: readonly string[]): Promise<{ deleted: number }> {
    let deleted = 0;
    for (const id of new Set(ids)) {
      const row = await this.files.findById(id);
      if (row === undefined || !owns(caller, row) || row.status !== 'committed') continue;
      await this.shares.remove(row);
      deleted += 1;
    }
    return { deleted };
  }

  async #owned(caller: AdminAuth | ApiKeyAuth, id: string): Promise<FileRow> {
    const row = await this.files.findById(id);
    if (row === undefined || row.status !== 'committed' || !owns(caller, row))
      throw new AppError(ErrorCode.NotFound, 'file not found');
    return row;
  }
}
