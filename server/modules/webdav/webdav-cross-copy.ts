// COPY and MOVE between mounts on different storages, which no storage can do by itself: each
// file is streamed from one storage into the other through the same PUT as a WebDAV upload (so
// the max upload size, quota and index apply), one file at a time, never held whole in memory.
import type { Context } from 'hono';
import { FS_LIST_MAX_LIMIT } from '@shared/api/fs.schema';
import type { AppEnv } from '@server/app-env';
import { listenerOrigin } from '@server/lib/signed-url';
import type { FsCaller } from '@server/modules/fs/fs-access.service';
import { joinPath, nameOf } from '@server/lib/fs-path';
import type { FsServices } from '@server/modules/fs/fs.module';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import { encodePath } from './webdav-paths';
import { canonicalOfEntry, type Resource } from './webdav-props';
import { viaOf } from './webdav-upload-mode';

export class WebdavCrossCopy {
  constructor(
    private readonly fs: FsServices,
    private readonly settings: SystemSettingsService,
  ) {}

  /** Copies `from` to the free path `to`; a folder with everything below it unless `shallow`. */
  async copy(c: Context<AppEnv>, caller: FsCaller, from: Resource, to: string, shallow: boolean): Promise<void> {
    if (!from.collection) {
      await this.#file(c, caller, from, to);
      return;
    }
    await this.fs.writes.mkdir(caller, encodePath(to));
    if (shallow) return;
    let cursor: string | undefined;
    do {
      const page = await this.fs.browse.list(caller, { path: encodePath(from.path), cursor, limit: FS_LIST_MAX_LIMIT });
      for (const entry of page.items) {
        const path = canonicalOfEntry(entry);
        await this.copy(c, caller, { path, collection: entry.isDirectory, entry }, joinPath(to, nameOf(path)), false);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  async #file(c: Context<AppEnv>, caller: FsCaller, from: Resource, to: string): Promise<void> {
    const got = await this.fs.browse.download(caller, encodePath(from.path), undefined, false);
    if (got.body === null) return;
    const size = Number(got.headers['content-length'] ?? Number.NaN);
    const known = Number.isSafeInteger(size) ? size : null;
    const mode = (await this.settings.getSettings()).webdav_upload_mode;
    try {
      await this.fs.put.put(caller, encodePath(to), got.body, {
        size: known,
        contentType: from.entry.contentType ?? undefined,
        via: viaOf(mode, known),
        selfOrigin: listenerOrigin(c),
      });
    } finally {
      got.body.destroy();
    }
  }
}
