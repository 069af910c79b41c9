// File shares follow their object when it moves inside its storage (a rename or a Move in the
// explorer, a WebDAV MOVE): a share made from the explorer keeps working under the file's new
// name, and a share upload's object renamed by hand is still served. A deleted file stays gone
// (the share answers 410), and a copy is a new file that no share points at.
import type { Logger } from '@server/lib/logger';
import { cleanFilename } from '@shared/filename';
import type { FileRepo } from '@server/modules/files/file.repo';
import { encodedKey } from '@server/modules/files/file-share-mapping.service';
import { nameOf } from './fs-path';
import type { FollowedSite, FsFollower } from './fs-followers';

export class FsShareFollower implements FsFollower {
  constructor(
    private readonly files: FileRepo,
    private readonly logger: Logger,
  ) {}

  async moved(site: FollowedSite, fromKey: string, toKey: string, folder: boolean): Promise<void> {
    try {
      for (const row of await this.files.atStorageKey(site.config.id, fromKey, folder)) {
        const storagePath = `${toKey}${row.storage_path.slice(fromKey.length)}`;
        await this.files.update(row.id, {
          storage_path: storagePath,
          s3_url: withMovedTail(row.s3_url, `/${encodedKey(row.storage_path)}`, `/${encodedKey(storagePath)}`),
          // A share made from the explorer records the file's path and is named after the file.
          ...(row.source_path === null
            ? {}
            : {
                source_path: withMovedTail(row.source_path, `/${row.storage_path}`, `/${storagePath}`),
                filename: cleanFilename(nameOf(storagePath)),
              }),
        });
      }
    } catch (error) {
      const fields = { configId: site.config.id, fromKey, toKey, error: String(error) };
      this.logger.warn('shares did not follow a move', fields);
    }
  }

  async removed(): Promise<void> {}

  async copied(): Promise<void> {}
}

/** `value` with its tail `from` replaced by `to`, or unchanged when it does not end so. */
function withMovedTail(value: string | null, from: string, to: string): string | null {
  if (value === null || !value.endsWith(from)) return value;
  return `${value.slice(0, value.length - from.length)}${to}`;
}
