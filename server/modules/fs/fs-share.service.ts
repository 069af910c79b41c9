// "Share…" in the explorer: a file in a mount becomes a file share without its bytes being copied.
// The share's row names the mount's storage config and object key (so the share page and its
// download read the mount's object like any share's) and keeps the file's explorer path; removing
// the share, its expiry or its last view leaves the object where it is (PublicFileService).
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import type { FsShareRequest, FsShareResult } from '@shared/api/fs-share.schema';
import { ErrorCode } from '@shared/errors';
import { cleanFilename } from '@shared/filename';
import { isReservedSlug } from '@shared/slug';
import type { FileRow } from '@server/modules/files/file.repo';
import { objectUrl, ownerTag, toCommitResponse } from '@server/modules/files/file-share-mapping.service';
import { isUniqueViolation } from '@server/db/unique-violation';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import { resolveMimeType } from '@server/lib/mime';
import { hashPassword } from '@server/lib/password';
import { generateSlug } from '@server/lib/slug';
import type { FsAccess, FsCaller } from './fs-access.service';
import { nameOf } from './fs-path';
import { fileAt } from './fs-probe';

const slugTaken = () => new AppError(ErrorCode.SlugTaken, 'link suffix already taken, try another');

export class FsShareService {
  constructor(
    private readonly access: FsAccess,
    private readonly repos: Pick<Repositories, 'files'>,
    private readonly clock: Clock,
  ) {}

  async share(caller: FsCaller, input: FsShareRequest): Promise<FsShareResult> {
    if (caller.kind === 'apikey' && !caller.permissions.file)
      throw new AppError(ErrorCode.Forbidden, 'this API key lacks the file permission');
    const target = await this.access.inMount(caller, input.path);
    if (!target.canWrite) throw new AppError(ErrorCode.Forbidden, 'this API key is read-only');
    if (target.folder) throw fieldError('path', 'names a folder; only a file can be shared');
    const head = await fileAt(target, target.key, this.access.logger);
    if (head === null) throw new AppError(ErrorCode.NotFound, 'path: no file here');
    const slug = await this.#slug(input.slug);
    const now = isoAt(this.clock);
    const filename = cleanFilename(nameOf(target.path));
    const row: FileRow = {
      id: randomUUID(),
      slug,
      filename,
      storage_path: target.key,
      mimetype: resolveMimeType(filename, head.contentType ?? undefined),
      s3_url: objectUrl(target.config, target.key),
      size: head.size,
      storage_config_id: target.config.id,
      remark: input.remark === undefined || input.remark === '' ? null : input.remark,
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      expires_at: input.expires_in === undefined ? null : isoAt(this.clock, input.expires_in * 3_600_000),
      max_views: input.max_views === undefined || input.max_views === 0 ? null : input.max_views,
      views: 0,
      use_proxy: target.config.use_proxy,
      etag: head.etag,
      status: 'committed',
      upload_id: null,
      part_size: null,
      source_path: target.path,
      created_by: ownerTag(caller),
      created_at: now,
      updated_at: now,
      e2ee: null,
    };
    try {
      await this.repos.files.insert(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    return { ...toCommitResponse(row), source_path: target.path };
  }

  async #slug(custom: string | undefined): Promise<string> {
    if (custom !== undefined) {
      if (isReservedSlug(custom)) throw fieldError('slug', 'is a reserved word');
      if (await this.repos.files.slugTaken(custom)) throw slugTaken();
      return custom;
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const slug = generateSlug(6);
      if (!(await this.repos.files.slugTaken(slug))) return slug;
    }
    throw new AppError(ErrorCode.Unavailable, 'could not find a free link suffix, try again');
  }
}
