// What the copy services share: a source and target pair already authorised, the whole tree below
// a folder a storage page at a time (no cap on depth or count), and a failure as a per-item reason.
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import type { Logger } from '@server/lib/logger';
import { StorageError, type ListedObject } from '@server/storage/storage-driver';
import type { MountTarget } from './fs-access.service';
import { onStorage } from '@server/storage/on-storage';
import { isThumbnailKey } from '@server/lib/thumbnail-keys';

export type CopyPair = { from: MountTarget; to: MountTarget };

/** Every object below the folder at `key`, folder markers included, the folder's own marker excluded. */
export async function treeOf(
  at: Pick<MountTarget, 'driver' | 'storage'>,
  key: string,
  logger: Logger,
): Promise<ListedObject[]> {
  const prefix = key === '' ? '' : `${key}/`;
  const objects: ListedObject[] = [];
  let token: string | null = null;
  do {
    const page = await onStorage(at.storage, logger, () => at.driver.list(prefix, { token }));
    objects.push(...page.objects.filter((object) => object.key !== prefix && !isThumbnailKey(object.key)));
    token = page.nextToken;
  } while (token !== null);
  return objects;
}

/** A failure as an item's code and reason; a bug stays INTERNAL without its details. */
export function storageError(error: unknown): { code: ErrorCode; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof StorageError)
    return { code: error.kind === 'not-found' ? ErrorCode.NotFound : ErrorCode.BadGateway, message: error.message };
  return { code: ErrorCode.Internal, message: 'the copy failed' };
}
