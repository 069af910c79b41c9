// GET /api/card-image/:slug: the picture of a public image share for link cards, scaled from its
// stored bytes (a mount's file for a share made from the explorer) to at most 1200 px
// (card-image-maker.ts), kept in a bounded cache keyed by the object's ETag (card-image-cache.ts),
// and never spending a view. Where a large thumbnail made from the object's current version is
// stored beside it (card-posters.ts), the card is scaled from that instead (never the original's
// megabytes), which also gives a public video its poster. Anything else (a protected, view-limited,
// expired, too large, undecodable or non-image share, a video without a poster) is 404 like a
// missing one.
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { safetyHeaders } from '@server/lib/content-safety';
import { StorageError } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { CardImageCache } from './card-image-cache';
import { type CardPicture, makeCardPicture } from './card-image-maker';
import { CARD_IMAGE_TYPE, CARD_SOURCE_MAX_BYTES, hasCardImage, mayHaveCardPoster } from './share-media';
import type { CardPosters } from './card-posters';
import { readAtMost } from '@server/lib/byte-stream';

export type CardImage = { headers: Record<string, string>; body: Buffer };

const noCard = () => new AppError(ErrorCode.NotFound, 'no card image for this share');

class TooLarge extends Error {}

export class CardImageService {
  constructor(
    private readonly records: Pick<ShareRecordsService, 'bySlug'>,
    private readonly configs: Pick<StorageConfigLookupService, 'byId'>,
    private readonly clock: Clock,
    private readonly storage: StorageRegistry,
    private readonly posters: CardPosters,
    private readonly cache = new CardImageCache(),
  ) {}

  async image(slug: string): Promise<CardImage> {
    const file = await this.records.bySlug(slug);
    const now = isoAt(this.clock);
    if (
      file === undefined ||
      file.status !== 'committed' ||
      (file.expires_at !== null && file.expires_at <= now) ||
      !mayHaveCardPoster(file)
    )
      throw noCard();
    const config = await this.configs.byId(file.storage_config_id);
    if (config === undefined) throw noCard();
    const driver = await this.storage.driverFor(config);
    // A mount's file may have changed or grown past the limit since it was shared.
    const head = await driver.head(file.storage_path);
    if (head === null) throw noCard();
    const fromOriginal = () => {
      if (!hasCardImage(file) || head.size > CARD_SOURCE_MAX_BYTES) throw noCard();
      const key = [config.id, file.storage_path, head.size, head.etag].join('\0');
      return this.cache.get(key, () => this.#make(driver, file.storage_path));
    };
    const poster = await this.posters.largeOf(config.id, file.storage_path, head.etag);
    // A poster that went missing from storage or is not a picture: the original, as without one.
    const picture =
      poster === undefined
        ? await fromOriginal()
        : await this.cache
            .get([config.id, poster, head.size, head.etag].join('\0'), () => this.#make(driver, poster))
            .catch(fromOriginal);
    return {
      headers: {
        ...safetyHeaders,
        'content-type': CARD_IMAGE_TYPE,
        'content-length': String(picture.bytes.byteLength),
        'cache-control': 'public, max-age=300',
        // Already compressed: compress.middleware.ts skips answers with this header.
        'accept-ranges': 'none',
      },
      body: picture.bytes,
    };
  }

  async #make(driver: Awaited<ReturnType<StorageRegistry['driverFor']>>, key: string): Promise<CardPicture> {
    let source: Buffer;
    try {
      source = await readAtMost((await driver.getObject(key)).body, {
        bytes: CARD_SOURCE_MAX_BYTES,
        error: new TooLarge(),
      });
    } catch (error) {
      if (error instanceof TooLarge || (error instanceof StorageError && error.kind === 'not-found')) throw noCard();
      throw error;
    }
    try {
      return await makeCardPicture(source);
    } catch {
      // Not a picture after all (a file named .png holding anything): no card image.
      throw noCard();
    }
  }
}
