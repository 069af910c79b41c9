// Reading the mount tree: listings (from storage, one level, paged by a signed cursor, cached per
// mount for its cache_ttl), metadata with direct links, streamed downloads and file links.
// Listings never sum folder sizes, and a folder of any size pages through to its last entry.
import type { Readable } from 'node:stream';
import type { FsEntry, FsEntryDetail, FsFileLink, FsFileLinkQuery, FsListing } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import { safetyHeaders, serveHeaders } from '@server/lib/content-safety';
import { parseRange } from '@server/storage/http-stream';
import { StorageError } from '@server/storage/storage-driver';
import type { MountRow } from '@server/modules/mounts/mounts.types';
import type { FsAccess, FsCaller, MountTarget, VirtualTarget } from './fs-access.service';
import type { FsCursors } from './fs-cursor';
import type { FsLockGuard } from './fs-locks';
import { fileEntry, folderEntry, mountEntry, virtualFolderEntry, whereOf } from './fs-mapping';
import {
  wirePath,
  folderPrefix,
  joinPath,
  nameOf,
  nextSegment,
  parentOf,
  parseFsPath,
  pathOfKey,
  under,
} from '@server/lib/fs-path';
import { fileAt, probe } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import { isThumbnailKey } from '@server/lib/thumbnail-keys';

export type ListInput = { path: string; cursor?: string; limit: number };
export type Download = { status: 200 | 206 | 416; headers: Record<string, string>; body: Readable | null };

/** A cached listing page; the class keeps cache reads typed without a cast. */
class CachedPage {
  constructor(readonly listing: FsListing) {}
}

const maxLinkCacheMs = 5 * 60 * 1000;

export class FsBrowseService {
  constructor(
    private readonly access: FsAccess,
    private readonly cursors: FsCursors,
    private readonly caches: CacheRegistry,
    private readonly clock: Clock,
    /** Marks the entries a WebDAV lock covers; read on every call, never cached. */
    private readonly locks?: FsLockGuard,
  ) {}

  async list(caller: FsCaller, { path, cursor, limit }: ListInput): Promise<FsListing> {
    const target = await this.access.locate(caller, path);
    if (target.kind === 'virtual') return virtualListing(target);
    if (!target.allowed) return towardBase(target);
    const token = cursor === undefined ? null : this.cursors.decode(cursor, target.mount.id, target.key);
    const cacheKey = JSON.stringify([target.mount.id, target.key, token, limit, target.canWrite]);
    const cached = this.caches.directory.get(cacheKey);
    if (cached instanceof CachedPage) return this.#withLocks(target.path, cached.listing);
    const listing = await this.#page(target, token, limit);
    this.caches.directory.set(cacheKey, new CachedPage(listing), {
      mountId: target.mount.id,
      storageConfigId: target.config.id,
      ttlMs: target.mount.cache_ttl * 1000,
    });
    return this.#withLocks(target.path, listing);
  }

  async #withLocks(folder: string, listing: FsListing): Promise<FsListing> {
    if (this.locks === undefined || listing.items.length === 0) return listing;
    const paths = listing.items.map((item) => parseFsPath(item.path).path);
    const locks = await this.locks.coveringEach(folder, paths);
    if (locks.size === 0) return listing;
    return {
      ...listing,
      items: listing.items.map((item, i) => {
        const lock = locks.get(paths[i] ?? '');
        return lock === undefined ? item : { ...item, lock };
      }),
    };
  }

  async get(caller: FsCaller, path: string, origin: string): Promise<FsEntryDetail> {
    const target = await this.access.locate(caller, path);
    const entry = await this.#entry(target);
    if (target.kind === 'virtual' || entry.isDirectory) return { ...entry, preview_url: null, download_url: null };
    const contentType = entry.contentType ?? 'application/octet-stream';
    return {
      ...entry,
      preview_url: await this.#link(target, contentType, 'view', target.config.signature_expires_in, origin),
      download_url: await this.#link(target, contentType, 'download', target.config.signature_expires_in, origin),
    };
  }

  /** One entry (file, folder, mount or virtual folder) without links: what `get` and WebDAV's PROPFIND show. */
  async entry(caller: FsCaller, path: string): Promise<FsEntry & { canWrite: boolean }> {
    return this.#entry(await this.access.locate(caller, path));
  }

  async #entry(target: MountTarget | VirtualTarget): Promise<FsEntry & { canWrite: boolean }> {
    if (target.kind === 'virtual')
      return { ...virtualFolderEntry(target.path), ...(target.path === '/' ? { name: '' } : {}), canWrite: false };
    if (target.key === '') return { ...mountEntry(target.mount), canWrite: target.canWrite };
    if (!target.allowed) return { ...folderEntry(target.path, whereOf(target.mount)), canWrite: false };
    const found = await probe(target, this.access.logger);
    if (found === null) throw notFound();
    if (found.kind === 'folder')
      return { ...folderEntry(target.path, whereOf(target.mount), found.modified), canWrite: target.canWrite };
    return { ...fileEntry(target.path, whereOf(target.mount), found.head), canWrite: target.canWrite };
  }

  /** Streams the file as an attachment (active content as text/plain), with one Range honoured. */
  async download(caller: FsCaller, path: string, range: string | undefined, headOnly: boolean): Promise<Download> {
    const target = await this.access.inMount(caller, path);
    const head = await fileAt(target, target.key, this.access.logger);
    if (head === null) throw notFound();
    const served = serveHeaders(head.contentType ?? 'application/octet-stream', nameOf(target.path), 'download');
    const headers: Record<string, string> = {
      ...safetyHeaders,
      'content-type': served.contentType,
      'content-disposition': served.contentDisposition,
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      etag: head.etag,
    };
    const wanted = parseRange(range, head.size);
    if (wanted === 'unsatisfiable')
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${head.size}` }, body: null };
    if (headOnly) return { status: 200, headers: { ...headers, 'content-length': String(head.size) }, body: null };
    try {
      const object = await onStorage(target.storage, this.access.logger, () =>
        target.driver.getObject(target.key, wanted),
      );
      headers['content-length'] = String(object.contentLength);
      if (object.range !== null)
        headers['content-range'] = `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`;
      return { status: object.range === null ? 200 : 206, headers, body: object.body };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not-found') throw notFound();
      if (error instanceof StorageError && error.kind === 'bad-range')
        return { status: 416, headers: { ...headers, 'content-range': `bytes */${head.size}` }, body: null };
      throw error;
    }
  }

  async fileLink(
    caller: FsCaller,
    query: FsFileLinkQuery & { force_download: boolean; expires_in?: number },
    origin: string,
  ): Promise<FsFileLink> {
    const target = await this.access.inMount(caller, query.path);
    const head = await fileAt(target, target.key, this.access.logger);
    if (head === null) throw notFound();
    const expiresIn = query.expires_in ?? target.config.signature_expires_in;
    const name = nameOf(target.path);
    const served = serveHeaders(
      head.contentType ?? 'application/octet-stream',
      name,
      query.force_download ? 'download' : 'view',
    );
    const url = await onStorage(target.storage, this.access.logger, () =>
      target.driver.presignGet(target.key, {
        expiresIn,
        contentType: served.contentType,
        contentDisposition: served.contentDisposition,
      }),
    );
    return {
      path: wirePath(target.path, false),
      name,
      presignedUrl: new URL(url, origin).toString(),
      expiresIn,
      expiresAt: new Date(this.clock.now() + expiresIn * 1000).toISOString(),
      forceDownload: query.force_download,
      mount_id: target.mount.id,
      storage_type: target.mount.storage_type,
    };
  }

  /** One storage page of the folder: nested mounts first (first page), then folders, then files. */
  async #page(target: MountTarget, token: string | null, limit: number): Promise<FsListing> {
    const where = whereOf(target.mount);
    const prefix = folderPrefix(target.key);
    const nested = token === null ? childrenLeadingToMounts(target.path, target.mounts) : [];
    const shadowed = new Set(nested.map((entry) => entry.path));
    const folders: FsEntry[] = [];
    const files: FsEntry[] = [];
    let next = token;
    let first = true;
    // A page holding only the folder's own marker is skipped, so a non-empty page comes back.
    while (first || (next !== null && folders.length + files.length === 0)) {
      first = false;
      const page = await onStorage(target.storage, this.access.logger, () =>
        target.driver.list(prefix, { delimiter: '/', token: next, limit }),
      );
      for (const key of page.prefixes) {
        if (isThumbnailKey(key.replace(/\/$/, ''))) continue;
        const entry = folderEntry(pathOfKey(target.mount.mount_path, key), where);
        if (!shadowed.has(entry.path)) folders.push(entry);
      }
      for (const object of page.objects) {
        if (object.key === prefix || object.key.endsWith('/') || isThumbnailKey(object.key)) continue;
        files.push(fileEntry(pathOfKey(target.mount.mount_path, object.key), where, object));
      }
      next = page.nextToken;
    }
    // An empty first page must be an empty folder; a key's own base lists as empty even before it exists.
    if (
      token === null &&
      nested.length + folders.length + files.length === 0 &&
      target.key !== '' &&
      target.path !== target.base
    )
      await this.#mustBeFolder(target);
    return {
      path: wirePath(target.path, true),
      isRoot: false,
      isVirtual: false,
      mount_id: target.mount.id,
      storage_type: target.mount.storage_type,
      canWrite: target.canWrite,
      items: [...nested, ...folders, ...files],
      nextCursor: next === null ? null : this.cursors.encode(target.mount.id, target.key, next),
    };
  }

  /** An empty first page: an empty folder, a file, or nothing at all. */
  async #mustBeFolder(target: MountTarget): Promise<void> {
    const found = await probe({ ...target, folder: true }, this.access.logger);
    if (found !== null) return;
    if ((await fileAt(target, target.key, this.access.logger)) !== null)
      throw new AppError(ErrorCode.BadRequest, 'path names a file, not a folder');
    throw notFound();
  }

  /** A direct link, cached while at least half its life is left. */
  async #link(
    target: MountTarget,
    contentType: string,
    mode: 'view' | 'download',
    expiresIn: number,
    origin: string,
  ): Promise<string> {
    const served = serveHeaders(contentType, nameOf(target.path), mode);
    const cacheKey = JSON.stringify([
      'fs',
      target.config.id,
      target.key,
      served.contentType,
      served.contentDisposition,
      expiresIn,
    ]);
    const cached = this.caches.s3Url.get(cacheKey);
    const url =
      cached ??
      (await onStorage(target.storage, this.access.logger, () =>
        target.driver.presignGet(target.key, {
          expiresIn,
          contentType: served.contentType,
          contentDisposition: served.contentDisposition,
        }),
      ));
    if (cached === undefined) {
      this.caches.s3Url.set(cacheKey, url, {
        mountId: target.mount.id,
        storageConfigId: target.config.id,
        ttlMs: Math.min(maxLinkCacheMs, (expiresIn * 1000) / 2),
      });
    }
    return new URL(url, origin).toString();
  }
}

/** The entries of `path` that lead to mounts below it: the mounts themselves, or virtual folders. */
function childrenLeadingToMounts(path: string, mounts: readonly MountRow[]): FsEntry[] {
  const below = mounts.filter((mount) => under(mount.mount_path, path));
  const direct = new Map(
    below.filter((mount) => parentOf(mount.mount_path) === path).map((mount) => [mount.mount_path, mount]),
  );
  const items: FsEntry[] = [];
  const seen = new Set<string>();
  for (const mount of below) {
    const child = joinPath(path, nextSegment(path, mount.mount_path));
    if (seen.has(child)) continue;
    seen.add(child);
    const own = direct.get(child);
    items.push(own === undefined ? virtualFolderEntry(child) : mountEntry(own));
  }
  return items;
}

function virtualListing(target: VirtualTarget): FsListing {
  const items = childrenLeadingToMounts(target.path, target.mounts);
  return {
    path: wirePath(target.path, true),
    isRoot: target.path === '/',
    isVirtual: true,
    mount_id: null,
    storage_type: null,
    canWrite: false,
    items,
    nextCursor: null,
  };
}

/** Inside a mount but above a key's base: only the folder leading to the base is shown. */
function towardBase(target: MountTarget): FsListing {
  const child = joinPath(target.path, nextSegment(target.path, target.base));
  return {
    path: wirePath(target.path, true),
    isRoot: false,
    isVirtual: false,
    mount_id: target.mount.id,
    storage_type: target.mount.storage_type,
    canWrite: false,
    items: [folderEntry(child, whereOf(target.mount))],
    nextCursor: null,
  };
}

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'file or folder not found');
}
