// The WebDAV methods that read and change content: GET/HEAD, PUT, DELETE, MKCOL, COPY and MOVE.
// Each goes through the explorer's services, so base paths, read-only keys, the max upload size,
// quotas, the search index and the caches behave exactly as in the explorer; this file adds
// WebDAV's own rules (lock and `If` checks, Overwrite, Depth, 201 versus 204, dead properties).
import type { Context } from 'hono';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { listenerOrigin } from '@server/lib/signed-url';
import { webBody } from '@server/storage/http-stream';
import { bareEtag } from '@server/storage/storage-driver';
import type { FsCaller } from '@server/modules/fs/fs-access.service';
import type { FsServices } from '@server/modules/fs/fs.module';
import { under } from '@server/lib/fs-path';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';
import type { Conditions, WebdavLocks, WriteTarget } from './webdav-locks';
import type { Resource, WebdavProps } from './webdav-props';
import type { WebdavCrossCopy } from './webdav-cross-copy';
import { encodePath, pathOfUrl } from './webdav-paths';
import { viaOf } from './webdav-upload-mode';

/** One request after authentication: the canonical path it names and whether it ended in `/`. */
export type DavRequest = { c: Context<AppEnv>; caller: FsCaller; path: string; folder: boolean };

export type WebdavMethodDeps = {
  fs: FsServices;
  props: WebdavProps;
  locks: WebdavLocks;
  settings: SystemSettingsService;
  repos: Pick<Repositories, 'webdavProps'>;
  cross: WebdavCrossCopy;
};

export class WebdavMethods {
  constructor(private readonly deps: WebdavMethodDeps) {}

  /** The resource at `path`, or null when nothing is there. */
  async find(caller: FsCaller, path: string): Promise<Resource | null> {
    try {
      return await this.deps.props.resource(caller, path);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
  }

  conditions(req: DavRequest): Conditions {
    return {
      ifHeader: req.c.req.header('if'),
      requestPath: req.path,
      requestUrl: req.c.req.url,
      etagOf: async (path) => (await this.find(req.caller, path))?.entry.etag ?? null,
    };
  }

  async checkWrite(req: DavRequest, targets: readonly WriteTarget[]): Promise<void> {
    await this.deps.locks.checkWrite(req.caller, this.conditions(req), targets);
  }

  async get(req: DavRequest, headOnly: boolean): Promise<Response> {
    const found = await this.find(req.caller, req.path);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'file or folder not found');
    if (found.collection) {
      const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' };
      return new Response(headOnly ? null : 'This is a folder: open it with a WebDAV client.\n', {
        status: 200,
        headers,
      });
    }
    const result = await this.deps.fs.browse.download(
      req.caller,
      encodePath(req.path),
      req.c.req.header('range'),
      headOnly,
    );
    const headers = { ...result.headers };
    if (headers.etag !== undefined) headers.etag = `"${bareEtag(headers.etag)}"`;
    if (found.entry.modified !== null) headers['last-modified'] = new Date(found.entry.modified).toUTCString();
    return new Response(result.body === null ? null : webBody(result.body), { status: result.status, headers });
  }

  /** Streams the body into storage, by the WebDAV upload mode; 201 when created, 204 when replaced. */
  async put(req: DavRequest): Promise<Response> {
    const { c } = req;
    if (req.folder) throw new AppError(ErrorCode.Conflict, 'a PUT cannot name a folder', { status: 405 });
    if (c.req.header('content-range') !== undefined)
      throw new AppError(ErrorCode.BadRequest, 'partial PUTs (Content-Range) are not supported');
    const size = declaredSize(c);
    await this.checkWrite(req, [
      { path: req.path, membership: true, exists: async () => (await this.find(req.caller, req.path)) !== null },
    ]);
    const mode = (await this.deps.settings.getSettings()).webdav_upload_mode;
    const { entry, created } = await this.deps.fs.put.put(req.caller, encodePath(req.path), c.env.incoming, {
      size,
      contentType: clientType(c.req.header('content-type')),
      via: viaOf(mode, size),
      selfOrigin: listenerOrigin(c),
    });
    const headers: Record<string, string> = entry.etag === null ? {} : { etag: `"${bareEtag(entry.etag)}"` };
    return new Response(null, { status: created ? 201 : 204, headers });
  }

  /** What LOCK on an unmapped URL creates: an empty file, or a folder when the URL ends in `/`. */
  async createEmpty(req: DavRequest): Promise<void> {
    if (req.folder) {
      await this.deps.fs.writes.mkdir(req.caller, encodePath(req.path));
      return;
    }
    const empty = (async function* (): AsyncGenerator<Buffer> {})();
    await this.deps.fs.put.put(req.caller, encodePath(req.path), empty, {
      size: 0,
      via: 'direct',
      selfOrigin: listenerOrigin(req.c),
    });
  }

  async delete(req: DavRequest): Promise<Response> {
    if (await this.#isMountOrAbove(req.caller, req.path))
      throw new AppError(ErrorCode.Forbidden, 'mounts are managed in the admin panel');
    await this.checkWrite(req, [{ path: req.path, tree: true, membership: true }]);
    await this.deps.fs.writes.remove(req.caller, encodePath(req.path));
    await this.#forget(req.path);
    return new Response(null, { status: 204 });
  }

  async mkcol(req: DavRequest): Promise<Response> {
    const length = req.c.req.header('content-length');
    if ((length !== undefined && length !== '0') || req.c.req.header('transfer-encoding') !== undefined) {
      throw new AppError(ErrorCode.BadRequest, 'MKCOL takes no body', { status: 415 });
    }
    if ((await this.find(req.caller, req.path)) !== null)
      throw new AppError(ErrorCode.Conflict, 'something already exists here', { status: 405 });
    await this.checkWrite(req, [{ path: req.path, membership: true }]);
    await this.deps.fs.writes.mkdir(req.caller, encodePath(req.path));
    return new Response(null, { status: 201 });
  }

  /** COPY (Depth 0 or infinity) and MOVE (infinity), honouring Overwrite; 201 when new, 204 when replaced. */
  async copyOrMove(req: DavRequest, move: boolean): Promise<Response> {
    const { c } = req;
    const destination = c.req.header('destination');
    if (destination === undefined) throw new AppError(ErrorCode.BadRequest, 'a Destination header is required');
    const to = pathOfUrl(destination, c.req.url);
    const depth = (c.req.header('depth') ?? 'infinity').toLowerCase();
    if (depth !== 'infinity' && (move || depth !== '0'))
      throw new AppError(ErrorCode.BadRequest, `Depth ${depth} is not allowed for ${move ? 'MOVE' : 'COPY'}`);
    const overwrite = (c.req.header('overwrite') ?? 'T').toUpperCase();
    if (overwrite !== 'T' && overwrite !== 'F') throw new AppError(ErrorCode.BadRequest, 'Overwrite must be T or F');
    if (to === req.path || under(to, req.path) || under(req.path, to))
      throw new AppError(ErrorCode.Forbidden, 'the Destination is the source, inside it, or holds it');
    const source = await this.find(req.caller, req.path);
    if (source === null) throw new AppError(ErrorCode.NotFound, 'file or folder not found');
    if (move && (source.entry.isMount || source.entry.isVirtual))
      throw new AppError(ErrorCode.Forbidden, 'mounts are managed in the admin panel');
    if (move && source.entry.canWrite !== true)
      throw new AppError(ErrorCode.Forbidden, 'you cannot move this resource');
    const existing = await this.find(req.caller, to);
    if (existing !== null && overwrite === 'F')
      throw new AppError(ErrorCode.Conflict, 'the Destination exists and Overwrite is F', { status: 412 });
    const targets: WriteTarget[] = [{ path: to, tree: true, membership: true }];
    if (move) targets.unshift({ path: req.path, tree: true, membership: true });
    await this.checkWrite(req, targets);
    if (existing !== null) {
      if (existing.entry.isMount || existing.entry.isVirtual)
        throw new AppError(ErrorCode.Forbidden, 'mounts are managed in the admin panel');
      await this.deps.fs.writes.remove(req.caller, encodePath(to));
      await this.#forget(to);
    }
    const tree = !(depth === '0' && source.collection);
    const inStorage = await this.deps.fs.copies.sameStorage(req.caller, encodePath(req.path), encodePath(to));
    if (inStorage && move) await this.deps.fs.copies.move(req.caller, encodePath(req.path), encodePath(to));
    else if (inStorage)
      await this.deps.fs.copies.copy(req.caller, encodePath(req.path), encodePath(to), { shallow: !tree });
    else await this.deps.cross.copy(c, req.caller, source, to, !tree);
    if (move) {
      if (!inStorage) await this.deps.fs.writes.remove(req.caller, encodePath(req.path));
      await this.deps.repos.webdavProps.move(req.path, to, true);
      await this.deps.locks.forget(req.path);
    } else {
      await this.deps.repos.webdavProps.copy(req.path, to, tree);
    }
    return new Response(null, { status: existing === null ? 201 : 204 });
  }

  /** A mount's root, or a folder above the mounts: nothing WebDAV can remove or move. */
  async #isMountOrAbove(caller: FsCaller, path: string): Promise<boolean> {
    const found = await this.find(caller, path);
    return found !== null && (found.entry.isMount || found.entry.isVirtual);
  }

  async #forget(path: string): Promise<void> {
    await this.deps.repos.webdavProps.deleteTree(path);
    await this.deps.locks.forget(path);
  }
}

/**
 * The body's length: Content-Length, or for a chunked body the X-Expected-Entity-Length a client
 * such as the macOS Finder sends (so an upload over the limit is refused before a byte is read,
 * and a body that ends short is refused, not stored); null when neither says.
 */
function declaredSize(c: Context<AppEnv>): number | null {
  const chunked = c.req.header('transfer-encoding') !== undefined;
  const [header, value] = chunked
    ? ['X-Expected-Entity-Length', c.req.header('x-expected-entity-length')]
    : ['Content-Length', c.req.header('content-length')];
  if (value === undefined) return null;
  const size = /^\d{1,16}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(size)) throw new AppError(ErrorCode.BadRequest, `the ${header} is invalid`);
  return size;
}

/** Types that say nothing about the content (curl's form type, octet-stream): the name decides instead. */
const genericTypes = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
]);

function clientType(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === '' || genericTypes.has(type) ? undefined : type;
}
