// The owner's side of file requests: make one for a folder the caller may write (inside a key's
// base path), list, read, change, pause, close and delete its own (the admin any), and see what
// arrived. The per-file limit may never exceed the max upload size.
import { randomUUID } from 'node:crypto';
import type {
  CreateFileRequest,
  FileRequestUpload,
  FileRequestView,
  UpdateFileRequest,
} from '@shared/api/file-request.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import { hashPassword } from '@server/lib/password';
import { generateSlug } from '@server/lib/slug';
import { ownerTag } from '@server/modules/auth/auth.types';
import type { FsAccess } from '@server/modules/fs/fs-access.service';
import { folderAt } from '@server/storage/object-probe';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import { mustBeRequestOwner, ownsRequest, toView, type Owner } from './file-request-common';
import { normaliseAllowedType } from './file-request-types';
import type { FileRequestWebhook } from './file-request-webhook';
import type { FileRequestChange, FileRequestRow } from './file-request.repo';

export class FileRequestService {
  constructor(
    private readonly repos: Pick<Repositories, 'fileRequests'>,
    private readonly access: FsAccess,
    private readonly settings: SystemSettingsService,
    private readonly clock: Clock,
    private readonly webhook: Pick<FileRequestWebhook, 'secretOf'>,
  ) {}

  async list(caller: Owner, origin: string): Promise<{ items: FileRequestView[] }> {
    mustBeRequestOwner(caller);
    const rows = await this.repos.fileRequests.list(caller.kind === 'admin' ? undefined : ownerTag(caller));
    return { items: await Promise.all(rows.map((row) => this.#view(row, origin))) };
  }

  async get(caller: Owner, id: string, origin: string): Promise<FileRequestView> {
    return this.#view(await this.#owned(caller, id), origin);
  }

  async create(caller: Owner, input: CreateFileRequest, origin: string): Promise<FileRequestView> {
    mustBeRequestOwner(caller);
    const folder = await this.access.writable(caller, input.path);
    if ((await folderAt(folder, folder.key, this.access.logger)) === null)
      throw new AppError(ErrorCode.NotFound, 'path: no folder here');
    await this.#checkLimits(input);
    const slug = input.slug ?? (await this.#freeSlug());
    await this.#slugFree(slug);
    const now = isoAt(this.clock);
    const row: FileRequestRow = {
      id: randomUUID(),
      slug,
      created_by: ownerTag(caller),
      path: folder.path,
      title: input.title,
      message: input.message ?? '',
      expires_at: normaliseDate(input.expires_at),
      max_files: input.max_files ?? null,
      max_total_bytes: input.max_total_bytes ?? null,
      max_file_bytes: input.max_file_bytes ?? null,
      allowed_types: typesOf(input.allowed_types),
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      require_name: input.require_name === true ? 1 : 0,
      webhook_url: input.webhook_url ?? null,
      status: input.status ?? 'open',
      created_at: now,
      updated_at: now,
      uploads_seen_at: null,
    };
    await this.repos.fileRequests.insert(row);
    return this.#view(row, origin);
  }

  async update(caller: Owner, id: string, input: UpdateFileRequest, origin: string): Promise<FileRequestView> {
    const row = await this.#owned(caller, id);
    await this.#checkLimits(input);
    if (input.slug !== undefined && input.slug !== row.slug) await this.#slugFree(input.slug);
    const change: FileRequestChange = { updated_at: isoAt(this.clock) };
    if (input.slug !== undefined) change.slug = input.slug;
    if (input.title !== undefined) change.title = input.title;
    if (input.message !== undefined) change.message = input.message;
    if (input.expires_at !== undefined) change.expires_at = normaliseDate(input.expires_at);
    if (input.max_files !== undefined) change.max_files = input.max_files;
    if (input.max_total_bytes !== undefined) change.max_total_bytes = input.max_total_bytes;
    if (input.max_file_bytes !== undefined) change.max_file_bytes = input.max_file_bytes;
    if (input.allowed_types !== undefined) change.allowed_types = typesOf(input.allowed_types);
    if (input.require_name !== undefined) change.require_name = input.require_name ? 1 : 0;
    if (input.webhook_url !== undefined) change.webhook_url = input.webhook_url;
    if (input.status !== undefined) change.status = input.status;
    if (input.password !== undefined)
      change.password_hash = input.password === null ? null : await hashPassword(input.password);
    await this.repos.fileRequests.update(row.id, change);
    return this.get(caller, id, origin);
  }

  async delete(caller: Owner, id: string): Promise<{ id: string; deleted: true }> {
    const row = await this.#owned(caller, id);
    await this.repos.fileRequests.delete(row.id);
    return { id: row.id, deleted: true };
  }

  async uploads(caller: Owner, id: string): Promise<{ items: FileRequestUpload[] }> {
    const row = await this.#owned(caller, id);
    const uploads = await this.repos.fileRequests.uploads(row.id);
    return {
      items: uploads.map((upload) => ({
        id: upload.id,
        name: upload.path.slice(upload.path.lastIndexOf('/') + 1),
        path: upload.path,
        size: upload.size,
        content_type: upload.content_type,
        uploader_name: upload.uploader_name,
        status: upload.status,
        created_at: upload.created_at,
        committed_at: upload.committed_at,
      })),
    };
  }

  /** How many uploads arrived unseen, over the caller's requests. */
  async arrivals(caller: Owner): Promise<{ new_uploads: number }> {
    mustBeRequestOwner(caller);
    return {
      new_uploads: await this.repos.fileRequests.unseenTotal(caller.kind === 'admin' ? undefined : ownerTag(caller)),
    };
  }

  /** The owner opened the uploads: those committed up to `upTo` (never past now) are seen. */
  async markSeen(
    caller: Owner,
    id: string,
    upTo: string | undefined,
  ): Promise<{ id: string; seen_at: string; new_uploads: number }> {
    const row = await this.#owned(caller, id);
    const now = isoAt(this.clock);
    const until = upTo === undefined ? now : new Date(Math.min(Date.parse(upTo), this.clock.now())).toISOString();
    const seenAt = row.uploads_seen_at !== null && row.uploads_seen_at > until ? row.uploads_seen_at : until;
    await this.repos.fileRequests.markSeen(row.id, seenAt);
    return {
      id: row.id,
      seen_at: seenAt,
      new_uploads: (await this.repos.fileRequests.unseen([row.id])).get(row.id) ?? 0,
    };
  }

  async #owned(caller: Owner, id: string): Promise<FileRequestRow> {
    mustBeRequestOwner(caller);
    const row = await this.repos.fileRequests.findById(id);
    if (row === undefined || !ownsRequest(caller, row))
      throw new AppError(ErrorCode.NotFound, 'file request not found');
    return row;
  }

  async #view(row: FileRequestRow, origin: string): Promise<FileRequestView> {
    const requests = this.repos.fileRequests;
    const facts = {
      tally: await requests.tally(row.id, false),
      unseen: (await requests.unseen([row.id])).get(row.id) ?? 0,
      delivery: await requests.deliveries.latest(row.id),
    };
    return toView(row, facts, origin, this.clock.now(), (id) => this.webhook.secretOf(id));
  }

  async #checkLimits(input: UpdateFileRequest): Promise<void> {
    if (input.max_file_bytes !== undefined && input.max_file_bytes !== null) {
      const max = (await this.settings.getSettings()).max_upload_size_bytes;
      if (input.max_file_bytes > max)
        throw fieldError('max_file_bytes', `may not exceed the max upload size (${max} bytes)`);
    }
    if (input.expires_at !== undefined && input.expires_at !== null && Date.parse(input.expires_at) <= this.clock.now())
      throw fieldError('expires_at', 'is in the past');
  }

  async #slugFree(slug: string): Promise<void> {
    if ((await this.repos.fileRequests.findBySlug(slug)) !== undefined)
      throw new AppError(ErrorCode.SlugTaken, 'this link suffix is taken');
  }

  async #freeSlug(): Promise<string> {
    for (;;) {
      const slug = generateSlug();
      if ((await this.repos.fileRequests.findBySlug(slug)) === undefined) return slug;
    }
  }
}

function normaliseDate(value: string | null | undefined): string | null {
  return value === undefined || value === null ? null : new Date(value).toISOString();
}

function typesOf(types: readonly string[] | null | undefined): string | null {
  if (types === undefined || types === null || types.length === 0) return null;
  return JSON.stringify([...new Set(types.map(normaliseAllowedType))]);
}
