// File shares follow their object when it moves inside its storage (a rename or a Move in the
// explorer, a WebDAV MOVE): a share made from the explorer keeps working under the file's new
// name, and a share upload's object renamed by hand is still served. A deleted file stays gone
// (the share answers 410), and a copy is a new file that no share points at.
import type { Logger } from '@server/lib/logger';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { FollowedSite, FsFollower } from './fs.types';

export class FsShareFollower implements FsFollower {
  constructor(
    private readonly shares: Pick<ShareRecordsService, 'followMove'>,
    private readonly logger: Logger,
  ) {}

  async moved(site: FollowedSite, fromKey: string, toKey: string, folder: boolean): Promise<void> {
    try {
      await this.shares.followMove(site.config.id, fromKey, toKey, folder);
    } catch (error) {
      const fields = { configId: site.config.id, fromKey, toKey, error: String(error) };
      this.logger.warn('shares did not follow a move', fields);
    }
  }

  async removed(): Promise<void> {}

  async copied(): Promise<void> {}
}
