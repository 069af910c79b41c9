// PROPFIND and PROPPATCH (RFC 4918 §9.1–9.2). Live properties come from the explorer's entries
// (type, size, ETag, modification time) and the lock table; dead properties are stored per
// canonical path. PROPFIND answers Depth 0 and 1; infinity is refused (403, finite depth) so one
// request cannot walk a whole bucket. PROPPATCH applies all its instructions or none.
import type { FsEntry } from '@shared/api/fs.schema';
import { FS_LIST_MAX_LIMIT } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import type { FsCaller } from '@server/modules/fs/fs-access.service';
import type { FsBrowseService } from '@server/modules/fs/fs-browse.service';
import { nameOf } from '@server/lib/fs-path';
import type { LockRow } from './webdav-lock.repo';
import type { WebdavLocks } from './webdav-locks';
import { quotaNames, type Quota, type WebdavQuota } from './webdav-quota';
import { encodePath, hrefOf } from './webdav-paths';
import { child, children, DAV, escapeXml, innerXml, parseXml, propertyXml, type XmlElement } from './webdav-xml';

export type Resource = { path: string; collection: boolean; entry: FsEntry & { canWrite?: boolean } };
type PropName = { ns: string; name: string };
type Wanted = { kind: 'allprop' } | { kind: 'propname' } | { kind: 'prop'; names: PropName[] };

const liveNames = [
  'resourcetype',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'supportedlock',
  'lockdiscovery',
] as const;
const statusLine = (status: number) =>
  `HTTP/1.1 ${status} ${status === 200 ? 'OK' : status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Failed Dependency'}`;

/** How many undated folders of one Depth 1 listing are probed for their own date. */
const datedFolders = 64;

export const xmlHead = '<?xml version="1.0" encoding="utf-8"?>\n';

export function multistatus(responses: readonly string[]): string {
  return `${xmlHead}<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>`;
}

/** The path of an entry the fs services returned (their paths escape `%` and end folders in `/`). */
export function canonicalOfEntry(entry: FsEntry): string {
  const path = entry.path.replaceAll('%25', '%');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export class WebdavProps {
  constructor(
    private readonly browse: FsBrowseService,
    private readonly repos: Pick<Repositories, 'webdavProps' | 'transaction'>,
    private readonly locks: WebdavLocks,
    private readonly quota?: WebdavQuota,
  ) {}

  async resource(caller: FsCaller, path: string): Promise<Resource> {
    const entry = await this.browse.entry(caller, encodePath(path));
    return { path, collection: entry.isDirectory, entry };
  }

  /** The multistatus body of a PROPFIND at Depth 0 or 1. */
  async propfind(caller: FsCaller, path: string, depth: '0' | '1', body: string): Promise<string> {
    const wanted = wantedOf(body);
    const self = await this.resource(caller, path);
    const resources = [self];
    if (depth === '1' && self.collection)
      resources.push(...(await this.#dated(caller, self, await this.#children(caller, path))));
    const dead = await this.repos.webdavProps.of(resources.map((resource) => resource.path));
    const locks = await this.locks.coveringEach(
      path,
      resources.map((resource) => resource.path),
    );
    const wantsQuota =
      wanted.kind === 'prop' &&
      wanted.names.some((n) => n.ns === DAV && (quotaNames as readonly string[]).includes(n.name));
    const quotas =
      wantsQuota && this.quota !== undefined ? await this.quota.of(resources.map((r) => r.entry)) : new Map();
    const responses = resources.map((resource) =>
      this.#response(
        resource,
        wanted,
        dead.filter((row) => row.path === resource.path),
        locks.get(resource.path) ?? [],
        resource.entry.mount_id === null ? undefined : quotas.get(resource.entry.mount_id),
      ),
    );
    return multistatus(responses);
  }

  /** Applies a propertyupdate to an existing resource; the caller has checked the right to change it. */
  async proppatch(path: string, collection: boolean, body: string): Promise<string> {
    const root = parseXml(body);
    if (root.ns !== DAV || root.name !== 'propertyupdate')
      throw new AppError(ErrorCode.BadRequest, 'the body must be a DAV:propertyupdate');
    const instructions = children(root, DAV).flatMap((op) => {
      if (op.name !== 'set' && op.name !== 'remove') return [];
      return children(child(op, DAV, 'prop') ?? op).map((prop) => ({ op: op.name, prop }));
    });
    const protectedOnes = instructions.filter(
      ({ prop }) => prop.ns === DAV && (liveNames as readonly string[]).includes(prop.name),
    );
    if (protectedOnes.length === 0) {
      await this.repos.transaction(async (trx) => {
        for (const { op, prop } of instructions) {
          if (op === 'set')
            await trx.webdavProps.set({ path, namespace: prop.ns, name: prop.name, value: innerXml(prop) });
          else await trx.webdavProps.remove(path, prop.ns, prop.name);
        }
      });
    }
    const statusOf = (prop: XmlElement) =>
      protectedOnes.length === 0 ? 200 : protectedOnes.some((one) => one.prop === prop) ? 403 : 424;
    const groups = new Map<number, string[]>();
    for (const { prop } of instructions)
      groups.set(statusOf(prop), [...(groups.get(statusOf(prop)) ?? []), propertyXml(prop.ns, prop.name, null)]);
    return multistatus([
      `<D:response><D:href>${escapeXml(hrefOf(path, collection))}</D:href>${propstats(groups)}</D:response>`,
    ]);
  }

  /**
   * Listings carry no date for folders; clients show 1970 without one. Each undated folder is
   * probed (a few at a time, up to `datedFolders` of them), the rest take the listed folder's date.
   */
  async #dated(caller: FsCaller, self: Resource, children: Resource[]): Promise<Resource[]> {
    const undated = children.filter((child) => child.collection && child.entry.modified === null);
    const fallback =
      self.entry.modified ??
      children.reduce<string | null>(
        (newest, child) =>
          child.entry.modified !== null && (newest === null || child.entry.modified > newest)
            ? child.entry.modified
            : newest,
        null,
      );
    const found = new Map<string, string | null>();
    const probed = undated.slice(0, datedFolders);
    for (let i = 0; i < probed.length; i += 8) {
      await Promise.all(
        probed.slice(i, i + 8).map(async (child) => {
          const entry = await this.resource(caller, child.path).catch(() => null);
          found.set(child.path, entry?.entry.modified ?? null);
        }),
      );
    }
    return children.map((child) =>
      !child.collection || child.entry.modified !== null
        ? child
        : { ...child, entry: { ...child.entry, modified: found.get(child.path) ?? fallback } },
    );
  }

  async #children(caller: FsCaller, path: string): Promise<Resource[]> {
    const items: Resource[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.browse.list(caller, { path: encodePath(path), cursor, limit: FS_LIST_MAX_LIMIT });
      items.push(
        ...page.items.map((entry) => ({ path: canonicalOfEntry(entry), collection: entry.isDirectory, entry })),
      );
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return items;
  }

  #response(
    resource: Resource,
    wanted: Wanted,
    dead: readonly { namespace: string; name: string; value: string }[],
    locks: readonly LockRow[],
    quota: Quota | undefined,
  ): string {
    const live = liveProps(resource, locks, this.locks);
    // Asked for by name only (RFC 4331 §3): never part of allprop or propname.
    const named: Record<string, string> = { ...live };
    if (quota !== undefined) {
      named['quota-used-bytes'] = String(quota.used);
      if (quota.available !== null) named['quota-available-bytes'] = String(quota.available);
    }
    const groups = new Map<number, string[]>();
    const add = (status: number, xml: string) => groups.set(status, [...(groups.get(status) ?? []), xml]);
    if (wanted.kind === 'propname') {
      for (const name of Object.keys(live)) add(200, `<D:${name}/>`);
      for (const row of dead) add(200, propertyXml(row.namespace, row.name, null));
    } else if (wanted.kind === 'allprop') {
      for (const [name, value] of Object.entries(live)) add(200, `<D:${name}>${value}</D:${name}>`);
      for (const row of dead) add(200, propertyXml(row.namespace, row.name, row.value));
    } else {
      for (const { ns, name } of wanted.names) {
        const value = ns === DAV ? named[name] : undefined;
        const stored = dead.find((row) => row.namespace === ns && row.name === name);
        if (value !== undefined) add(200, `<D:${name}>${value}</D:${name}>`);
        else if (stored !== undefined) add(200, propertyXml(ns, name, stored.value));
        else add(404, propertyXml(ns, name, null));
      }
    }
    return `<D:response><D:href>${escapeXml(hrefOf(resource.path, resource.collection))}</D:href>${propstats(groups)}</D:response>`;
  }
}

function propstats(groups: ReadonlyMap<number, readonly string[]>): string {
  return [...groups]
    .map(
      ([status, props]) =>
        `<D:propstat><D:prop>${props.join('')}</D:prop><D:status>${statusLine(status)}</D:status></D:propstat>`,
    )
    .join('');
}

function wantedOf(body: string): Wanted {
  if (body.trim() === '') return { kind: 'allprop' };
  const root = parseXml(body);
  if (root.ns !== DAV || root.name !== 'propfind')
    throw new AppError(ErrorCode.BadRequest, 'the body must be a DAV:propfind');
  if (child(root, DAV, 'propname') !== undefined) return { kind: 'propname' };
  const prop = child(root, DAV, 'prop');
  if (prop !== undefined) return { kind: 'prop', names: children(prop).map(({ ns, name }) => ({ ns, name })) };
  if (child(root, DAV, 'allprop') !== undefined) return { kind: 'allprop' };
  throw new AppError(ErrorCode.BadRequest, 'the propfind names no properties');
}

/** The live DAV: properties of a resource, as XML content by local name. */
function liveProps(resource: Resource, locks: readonly LockRow[], lockService: WebdavLocks): Record<string, string> {
  const { entry } = resource;
  const props: Record<string, string> = {
    resourcetype: resource.collection ? '<D:collection/>' : '',
    displayname: escapeXml(nameOf(resource.path)),
  };
  if (!resource.collection) {
    if (entry.size !== null) props.getcontentlength = String(entry.size);
    props.getcontenttype = escapeXml(entry.contentType ?? 'application/octet-stream');
    if (entry.etag !== null) props.getetag = escapeXml(`"${entry.etag}"`);
  }
  if (entry.modified !== null) props.getlastmodified = new Date(entry.modified).toUTCString();
  props.supportedlock = ['exclusive', 'shared']
    .map(
      (scope) =>
        `<D:lockentry><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`,
    )
    .join('');
  props.lockdiscovery = locks.map((lock) => activeLock(lock, lockService.secondsLeft(lock))).join('');
  return props;
}

export function activeLock(lock: LockRow, secondsLeft: number): string {
  return [
    '<D:activelock>',
    '<D:locktype><D:write/></D:locktype>',
    `<D:lockscope><D:${lock.scope === 'shared' ? 'shared' : 'exclusive'}/></D:lockscope>`,
    `<D:depth>${lock.depth === '0' ? '0' : 'infinity'}</D:depth>`,
    lock.owner === null ? '' : `<D:owner>${lock.owner}</D:owner>`,
    `<D:timeout>Second-${secondsLeft}</D:timeout>`,
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>`,
    `<D:lockroot><D:href>${escapeXml(hrefOf(lock.path, false))}</D:href></D:lockroot>`,
    '</D:activelock>',
  ].join('');
}
