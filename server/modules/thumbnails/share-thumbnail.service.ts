// Thumbnails the transfer worker made of a file it uploaded outside the explorer: a share (the
// upload page, a URL upload) or a file through a request. They are stored beside the object in its
// storage's hidden prefix and recorded as made from its current version, exactly like the
// explorer's, so any mount showing that storage, the share page and the link card find them.
// Only the caller's own upload, committed a moment ago and unchanged since, takes them: a share
// created by this caller (an admin gets no thumbnails onto other people's files), or a request
// upload of this very upload token; anything else is 404.
import { SHARE_THUMBNAIL_WINDOW_MS } from '@shared/api/share-thumbnail.endpoints';
import type {
  RequestThumbnailUpload,
  ShareThumbnailResult,
  ShareThumbnailUpload,
} from '@shared/api/share-thumbnail.endpoints';
import { ErrorCode } from '@shared/errors';
import type { FileRequestLookupService } from '@server/modules/file-requests/file-request-lookup.service';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { AppError } from '@server/lib/app-error';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import type { UrlSigner } from '@server/lib/signed-url';
import { ownerTag, type AdminAuth, type ApiKeyAuth } from '@server/modules/auth/auth.types';
import { onStorage } from '@server/storage/on-storage';
import { bareEtag } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { checkedThumbnail } from './thumbnail-check';
import { hasThumbnails } from '@server/lib/thumbnail-keys';
import type { ThumbnailStore } from './thumbnail-store';

type Sent = { tile: string; large: string };

/** The other domains' services this one reads the upload and its storage through. */
export type ShareThumbnailLookups = {
  records: ShareRecordsService;
  requests: FileRequestLookupService;
  configs: StorageConfigLookupService;
};

export class ShareThumbnailService {
  constructor(
    private readonly lookups: ShareThumbnailLookups,
    private readonly storage: StorageRegistry,
    private readonly store: ThumbnailStore,
    private readonly requestTokens: UrlSigner,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async share(caller: AdminAuth | ApiKeyAuth, input: ShareThumbnailUpload): Promise<ShareThumbnailResult> {
    const row = await this.lookups.records.find(input.file_id);
    if (
      row === undefined ||
      row.created_by !== ownerTag(caller) ||
      row.status !== 'committed' ||
      row.source_path !== null ||
      row.e2ee !== null ||
      row.etag === null ||
      !this.#recent(row.updated_at)
    )
      throw notFound();
    await this.#store(row.storage_config_id, row.storage_path, row.filename, row.etag, input);
    return { file_id: input.file_id, status: 'done' };
  }

  async request(slug: string, input: RequestThumbnailUpload): Promise<ShareThumbnailResult> {
    const request = await this.lookups.requests.bySlug(slug);
    if (request === undefined) throw notFound();
    const token = this.requestTokens.checkToken(input.token, request.id, this.clock.now());
    if (token === null)
      throw new AppError(
        ErrorCode.PasswordRequired,
        'the upload token is not valid for this request: open its page again',
      );
    const upload = await this.lookups.requests.upload(request.id, input.file_id);
    if (
      upload === undefined ||
      upload.status !== 'done' ||
      upload.batch_id !== token.id ||
      upload.storage_config_id === null ||
      upload.storage_key === null ||
      upload.committed_at === null ||
      !this.#recent(upload.committed_at)
    )
      throw notFound();
    await this.#store(upload.storage_config_id, upload.storage_key, upload.name, null, input);
    return { file_id: input.file_id, status: 'done' };
  }

  #recent(at: string): boolean {
    return this.clock.now() - Date.parse(at) <= SHARE_THUMBNAIL_WINDOW_MS;
  }

  /** Checks the images, then stores them beside the object as it is now (`etag`, when known, must still match). */
  async #store(configId: string, key: string, name: string, etag: string | null, sent: Sent): Promise<void> {
    if (!hasThumbnails(name))
      throw new AppError(ErrorCode.BadRequest, 'file_id: only images and videos have thumbnails');
    const tile = await checkedThumbnail(Buffer.from(sent.tile, 'base64'), 'tile');
    const large = await checkedThumbnail(Buffer.from(sent.large, 'base64'), 'large');
    const config = await this.lookups.configs.byId(configId);
    if (config === undefined) throw notFound();
    const site = {
      config,
      storage: { id: config.id, name: config.name },
      driver: await this.storage.driverFor(config),
    };
    const head = await onStorage(site.storage, this.logger, () => site.driver.head(key));
    if (head === null || (etag !== null && bareEtag(head.etag) !== bareEtag(etag))) throw notFound();
    const made = { tile: tile.bytes, large: large.bytes };
    const types = { tile: tile.contentType, large: large.contentType };
    await onStorage(site.storage, this.logger, () => this.store.write(site, key, made, types));
    await this.store.made(config.id, key, head.etag, head.size);
  }
}

function notFound(): AppError {
  return new AppError(
    ErrorCode.NotFound,
    'upload not found: thumbnails are taken only for your own upload, committed a moment ago',
  );
}
