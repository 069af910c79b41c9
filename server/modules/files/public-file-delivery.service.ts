// GET /file-view and /file-download: validates the Range first (a 416 costs nothing), counts the
// view (see file-views.ts), then redirects to a presigned URL or streams with Range support.
// A view-limited share is always streamed, because a presigned URL would hand out the whole object
// again and again until it expired. A full tokenless delivery of its last view deletes it once every
// byte is sent (never before, so concurrent requests cannot empty it); a ranged one, or one made
// with a page visit's token (whose preview may be followed by the download), leaves it to the
// sweeper, answering 410 to everyone else meanwhile. A redirect never outlives the share's expiry. Presigned download URLs are cached (the s3Url cache) while half their life is left.
import type { Readable } from 'node:stream';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import type { FileRow } from './files.types';
import type { TtlCache } from '@server/lib/cache/ttl-cache';
import { safetyHeaders, serveHeaders } from '@server/lib/content-safety';
import { parseRange } from '@server/storage/http-stream';
import { isViewLimited } from './file-views';
import type { PublicFileService } from './public-file.service';

export type DeliveryRequest = {
  slug: string;
  mode: 'view' | 'download';
  token?: string;
  range?: string;
  headOnly: boolean;
  origin: string;
};

export type Delivery =
  | { kind: 'redirect'; url: string }
  | { kind: 'stream'; status: 200 | 206 | 416; headers: Record<string, string>; body: Readable | null };

const maxUrlCacheMs = 5 * 60 * 1000;

export class FileDeliveryService {
  constructor(
    private readonly files: PublicFileService,
    private readonly urls: TtlCache<string>,
  ) {}

  async deliver(request: DeliveryRequest): Promise<Delivery> {
    const { row, access } = await this.files.open(request.slug, request.token);
    const config = await this.files.configOf(row);
    const served = serveHeaders(row.mimetype, row.filename, request.mode);
    const headers: Record<string, string> = {
      ...safetyHeaders,
      'content-type': served.contentType,
      'content-disposition': served.contentDisposition,
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
    };
    if (request.headOnly)
      return { kind: 'stream', status: 200, headers: { ...headers, 'content-length': String(row.size) }, body: null };

    const range = parseRange(request.range, row.size);
    if (range === 'unsatisfiable')
      return {
        kind: 'stream',
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${row.size}` },
        body: null,
      };
    const { last } = await this.files.views.record(row, access, range);
    if (row.use_proxy !== 1 && !last && !isViewLimited(row)) {
      const url = await this.#presignedGet(row, config, served);
      return { kind: 'redirect', url: new URL(url, request.origin).toString() };
    }
    const driver = await this.files.storage.driverFor(config);

    const object = await driver.getObject(row.storage_path, range);
    if (last && range === undefined && access === null)
      object.body.once('end', () => void this.files.retire(row).catch(() => undefined));
    headers['content-length'] = String(object.contentLength);
    if (object.range !== null)
      headers['content-range'] = `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`;
    return { kind: 'stream', status: object.range === null ? 200 : 206, headers, body: object.body };
  }

  async #presignedGet(
    row: FileRow,
    config: StorageConfigRow,
    served: { contentType: string; contentDisposition: string },
  ): Promise<string> {
    const key = JSON.stringify([config.id, row.storage_path, served.contentType, served.contentDisposition]);
    const cached = this.urls.get(key);
    if (cached !== undefined) return cached;
    const driver = await this.files.storage.driverFor(config);
    const expiresIn = linkLifetimeSeconds(config.signature_expires_in, row.expires_at, this.files.clock.now());
    const url = await driver.presignGet(row.storage_path, {
      expiresIn,
      contentType: served.contentType,
      contentDisposition: served.contentDisposition,
    });
    this.urls.set(key, url, { storageConfigId: config.id, ttlMs: Math.min(maxUrlCacheMs, (expiresIn * 1000) / 2) });
    return url;
  }
}

/** The configured link lifetime, cut short so a link never outlives the share's expiry. */
export function linkLifetimeSeconds(configured: number, expiresAt: string | null, nowMs: number): number {
  if (expiresAt === null) return configured;
  return Math.max(1, Math.min(configured, Math.floor((Date.parse(expiresAt) - nowMs) / 1000)));
}
