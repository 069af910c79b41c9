// "Share…" in the explorer: a file in a mount becomes a file share without its bytes being copied.
// The share's row names the mount's storage config and object key (so the share page and its
// download read the mount's object like any share's) and keeps the file's explorer path; removing
// the share, its expiry or its last view leaves the object where it is (PublicFileService).
import { randomUUID } from 'node:crypto';
import type { FsShareRequest, FsShareResult } from '@shared/api/fs-share.schema';
import { ErrorCode } from '@shared/errors';
import { cleanFilename } from '@shared/filename';
import type { FileRow } from '@server/modules/files/files.types';
import { ownerTag } from '@server/modules/auth/auth.types';
import { objectUrl, toCommitResponse } from '@server/modules/files/file-share-mapping.service';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import { resolveMimeType } from '@server/lib/mime';
import { hashPassword } from '@server/lib/password';
import type { FsAccess, FsCaller } from './fs-access.service';
import { nameOf } from '@server/lib/fs-path';
import { fileAt } from '@server/storage/object-probe';

export class FsShareService {
  constructor(
    private readonly access: FsAccess,
    private readonly shares: Pick<ShareRecordsService, 'freeSlug' | 'create'>,
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
    const slug = await this.shares.freeSlug(input.slug);
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
    await this.shares.create(row);
    return { ...toCommitResponse(row), source_path: target.path };
  }
}
