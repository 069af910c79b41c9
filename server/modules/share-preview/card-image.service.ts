// GET /api/card-image/:slug: the picture of a small public image share for link cards, streamed from
// its storage (a mount's file for a share made from the explorer) without spending a view. Anything
// else, a protected, view-limited, expired, large or non-image share, is 404 like a missing one.
import type { Readable } from 'node:stream';
import type { Repositories } from '@server/db/repositories';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { safetyHeaders } from '@server/lib/content-safety';
import { StorageError } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { CARD_IMAGE_MAX_BYTES, hasCardImage } from './share-media';

export type CardImage = { headers: Record<string, string>; body: Readable };

const noCard = () => new AppError(ErrorCode.NotFound, 'no card image for this share');

export class CardImageService {
  constructor(
    private readonly repos: Pick<Repositories, 'files' | 'storageConfigs'>,
    private readonly clock: Clock,
    private readonly storage: StorageRegistry,
  ) {}

  async image(slug: string): Promise<CardImage> {
    const file = await this.repos.files.findBySlug(slug);
    const now = isoAt(this.clock);
    if (
      file === undefined ||
      file.status !== 'committed' ||
      (file.expires_at !== null && file.expires_at <= now) ||
      !hasCardImage(file)
    )
      throw noCard();
    const config = await this.repos.storageConfigs.findById(file.storage_config_id);
    if (config === undefined) throw noCard();
    const driver = await this.storage.driverFor(config);
    const object = await driver.getObject(file.storage_path).catch((error: unknown) => {
      if (error instanceof StorageError && error.kind === 'not-found') throw noCard();
      throw error;
    });
    // A mount's file may have grown past the limit since it was shared.
    if (object.totalSize > CARD_IMAGE_MAX_BYTES) {
      object.body.destroy();
      throw noCard();
    }
    return {
      headers: {
        ...safetyHeaders,
        'content-type': file.mimetype,
        'content-length': String(object.contentLength),
        'cache-control': 'public, max-age=300',
        // Stored bytes: never compressed again (compress.middleware.ts skips answers with this header).
        'accept-ranges': 'none',
      },
      body: object.body,
    };
  }
}
