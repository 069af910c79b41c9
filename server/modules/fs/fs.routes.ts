// /admin/fs/* and /user/fs/*: the same handlers under both prefixes, registered from the shared
// endpoint definitions (access, read-only refusal and body caps come from there).
import { Hono, type Context } from 'hono';
import { adminFsEndpoints, refreshMountIndex, userFsEndpoints } from '@shared/api/fs.endpoints';
import { removeWebdavLocks } from '@shared/api/fs-locks.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import { webBody } from '@server/storage/http-stream';
import type { FsBatchCopyService } from './fs-batch-copy.service';
import type { FsBrowseService } from './fs-browse.service';
import type { FsCopyCommitService } from './fs-copy-commit.service';
import type { FsLockGuard } from './fs-locks';
import { parseFsPath } from '@server/lib/fs-path';
import type { FsMultipartService } from './fs-multipart.service';
import type { FsReindexer } from './fs-reindex.service';
import type { FsSearchService } from './fs-search.service';
import type { FsUploadService } from './fs-upload.service';
import type { FsWriteService } from './fs-write.service';

export type FsRouteDeps = {
  browse: FsBrowseService;
  uploads: FsUploadService;
  multipart: FsMultipartService;
  writes: FsWriteService;
  copies: FsBatchCopyService;
  copyCommits: FsCopyCommitService;
  search: FsSearchService;
  reindex: FsReindexer;
  locks: FsLockGuard;
  trustProxy: boolean;
  /** Runs after a refresh of the mount's index (thumbnails queue what is missing). */
  afterRefresh?: (mountId: string) => Promise<void>;
};

export function fsRoutes({
  browse,
  uploads,
  multipart,
  writes,
  copies,
  copyCommits,
  search,
  reindex,
  locks,
  trustProxy,
  afterRefresh,
}: FsRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => requestOrigin(c, trustProxy);

  for (const fs of [adminFsEndpoints, userFsEndpoints]) {
    route(app, fs.list, ({ auth, query }) => browse.list(auth, query));
    route(app, fs.get, ({ auth, query, c }) => browse.get(auth, query.path, origin(c)));
    route(app, fs.download, async ({ auth, query, c }) => {
      const result = await browse.download(auth, query.path, c.req.header('range'), c.req.method === 'HEAD');
      return new Response(result.body === null ? null : webBody(result.body), {
        status: result.status,
        headers: result.headers,
      });
    });
    route(app, fs.fileLink, ({ auth, query, c }) => browse.fileLink(auth, query, origin(c)));
    route(app, fs.search, ({ auth, query }) => search.search(auth, query));

    route(app, fs.mkdir, ({ auth, body }) => writes.mkdir(auth, body.path));
    route(app, fs.remove, ({ auth, query }) => writes.remove(auth, query.path));
    route(app, fs.batchRemove, ({ auth, body }) => writes.batchRemove(auth, body.paths));
    route(app, fs.rename, ({ auth, body }) => writes.rename(auth, body.oldPath, body.newPath));
    route(app, fs.update, ({ auth, body }) => writes.update(auth, body));
    route(app, fs.batchCopy, ({ auth, body, c }) => copies.batchCopy(auth, body, origin(c)));
    route(app, fs.batchCopyCommit, ({ auth, body }) => copyCommits.commit(auth, body));

    route(app, fs.upload, ({ auth, c }) =>
      closingOnError(c, () => uploads.upload(auth, c.req.header('content-type'), c.env.incoming)),
    );
    route(app, fs.presign, ({ auth, body, c }) => uploads.presign(auth, body, origin(c)));
    route(app, fs.commit, ({ auth, body }) => uploads.commit(auth, body));
    route(app, fs.cancel, ({ auth, body }) => uploads.cancel(auth, body.uploadId));
    route(app, fs.multipartInit, ({ auth, body, c }) => multipart.init(auth, body, origin(c)));
    route(app, fs.multipartUrls, ({ auth, body, c }) => multipart.urls(auth, body, origin(c)));
    route(app, fs.multipartPart, ({ auth, query, c }) =>
      closingOnError(c, () =>
        multipart.part(auth, query.uploadId, query.partNumber, c.env.incoming, c.req.header('content-length')),
      ),
    );
    route(app, fs.multipartComplete, ({ auth, body }) => multipart.complete(auth, body));
    route(app, fs.multipartAbort, ({ auth, body }) => multipart.abort(auth, body.uploadId));
  }
  route(app, refreshMountIndex, async ({ body }) => {
    const refreshed = await reindex.refresh(body.mount_id);
    await afterRefresh?.(body.mount_id);
    return refreshed;
  });
  route(app, removeWebdavLocks, async ({ body }) => {
    const { path } = parseFsPath(body.path);
    return { path, removed: await locks.removeAt(path) };
  });
  return app;
}

/** A refused streamed body is not read to its end: the connection closes after the answer. */
async function closingOnError<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    c.env.outgoing.setHeader('connection', 'close');
    throw error;
  }
}
