// Search answers from the index in the database, never by listing a bucket. Every query is bounded
// to the mounts the caller sees and, for an API key, to its base path inside them, so no result
// can come from outside it. Results with hits are cached for 5 minutes; writes clear them.
import { FS_SEARCH_COUNT_CAP, type FsSearchResult } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { MountRow } from '@server/modules/mounts/mounts.types';
import type { FsAccess, FsCaller } from './fs-access.service';
import { baseOf } from './fs-access.service';
import type { SearchScope } from './fs-entry.repo';
import { searchHit } from './fs-mapping';
import { atOrUnder, inMount, under } from '@server/lib/fs-path';

export type SearchInput = {
  q: string;
  scope: 'global' | 'mount' | 'directory';
  mount_id?: string;
  path?: string;
  limit: number;
  offset: number;
};

class CachedResult {
  constructor(readonly result: FsSearchResult) {}
}

export class FsSearchService {
  constructor(
    private readonly access: FsAccess,
    private readonly repos: Pick<Repositories, 'fsEntries'>,
    private readonly caches: CacheRegistry,
  ) {}

  async search(caller: FsCaller, input: SearchInput): Promise<FsSearchResult> {
    const { mounts, scopes } = await this.#scopes(caller, input);
    // Hits carry mount paths and names, so a mount that moves or is renamed misses the cache.
    const described = mounts
      .filter((mount) => scopes.some((scope) => scope.mountId === mount.id))
      .map((mount) => [mount.id, mount.mount_path, mount.name]);
    const cacheKey = JSON.stringify([
      baseOf(caller),
      input.q.toLowerCase(),
      scopes,
      described,
      input.limit,
      input.offset,
    ]);
    const cached = this.caches.search.get(cacheKey);
    if (cached instanceof CachedResult) return cached.result;
    const found = await this.repos.fsEntries.search(
      { q: input.q, scopes, limit: input.limit + 1, offset: input.offset },
      FS_SEARCH_COUNT_CAP,
    );
    const rows = found.rows.slice(0, input.limit);
    const byId = new Map(mounts.map((mount) => [mount.id, mount]));
    const results = rows.flatMap((row) => {
      const mount = byId.get(row.mount_id);
      return mount === undefined ? [] : [searchHit(row, mount)];
    });
    const result: FsSearchResult = {
      results,
      total: found.capped ? Math.max(found.total, input.offset + rows.length) : found.total,
      totalCapped: found.capped,
      hasMore: found.rows.length > input.limit,
      limit: input.limit,
      offset: input.offset,
      mountsSearched: new Set(scopes.map((scope) => scope.mountId)).size,
    };
    if (results.length > 0)
      this.caches.search.set(
        cacheKey,
        new CachedResult(result),
        scopes.length === 1 ? { mountId: scopes[0]?.mountId } : {},
      );
    return result;
  }

  /**
   * The (mount, prefix) pairs the query may read: the asked-for scope (a mount, a folder, or
   * everything), cut down to the caller's base path. A prefix inside nested mounts belongs to
   * the innermost one, whose own index holds those entries.
   */
  async #scopes(caller: FsCaller, input: SearchInput): Promise<{ mounts: MountRow[]; scopes: SearchScope[] }> {
    const base = baseOf(caller);
    if (input.scope === 'mount' && input.mount_id === undefined) throw required('mount_id', 'mount');
    if (input.scope === 'directory' && input.path === undefined) throw required('path', 'directory');
    const root = await this.access.locate(caller, input.scope === 'directory' ? (input.path ?? '/') : '/');
    const { mounts } = root;
    const wanted = input.scope === 'mount' ? mounts.find((mount) => mount.id === input.mount_id) : undefined;
    if (input.scope === 'mount' && wanted === undefined) throw new AppError(ErrorCode.NotFound, 'mount not found');
    // locate() only answers paths at or below the base, or above it: the deeper one bounds the search.
    const within = atOrUnder(root.path, base) ? root.path : base;
    const scopes: SearchScope[] = [];
    for (const mount of wanted === undefined ? mounts : [wanted]) {
      if (atOrUnder(mount.mount_path, within)) scopes.push({ mountId: mount.id, prefix: null });
      else if (under(within, mount.mount_path) && innermost(mounts, within)?.id === mount.id)
        scopes.push({ mountId: mount.id, prefix: inMount(mount.mount_path, within) });
    }
    return { mounts, scopes };
  }
}

function required(field: string, scope: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, `${field} is required for scope ${scope}`, {
    issues: [{ path: field, message: `is required for scope ${scope}` }],
  });
}

function innermost(mounts: readonly MountRow[], path: string): MountRow | undefined {
  return mounts
    .filter((mount) => under(path, mount.mount_path))
    .sort((a, b) => b.mount_path.length - a.mount_path.length)[0];
}
