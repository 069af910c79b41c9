// Serves the local driver's presigned URLs (/api/blob/:configId): PUT of whole objects or
// multipart parts, and GET/HEAD with Range. Bodies are streamed in both directions. A PUT
// carries at most its signed length, and only while its upload is still pending (or open).
import { Readable } from 'node:stream';
import { ErrorCode } from '@shared/errors';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { AppError } from '@server/lib/app-error';
import { capped } from '@server/lib/byte-stream';
import type { Clock } from '@server/lib/clock';
import { isActiveContent, safetyHeaders } from '@server/lib/content-safety';
import type { UrlSigner } from '@server/lib/signed-url';
import { parseRange } from '@server/storage/http-stream';
import { checkBlobUrl, type BlobGrant } from '@server/storage/local-blob-url';
import { LocalDriver } from '@server/storage/local.driver';
import { StorageError } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';

/** Whether a whole-object PUT to (config, key) is still expected: its upload is pending. */
export type PutGate = { allows(configId: string, key: string): Promise<boolean> };

export type BlobResponse = { status: 200 | 206 | 416; headers: Record<string, string>; body: Readable | null };

export class LocalBlobEndpoint {
  constructor(
    private readonly configs: StorageConfigLookupService,
    private readonly storage: StorageRegistry,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
    private readonly gate: PutGate,
  ) {}

  async put(
    configId: string,
    query: URLSearchParams,
    body: Readable,
    contentLength: string | undefined,
  ): Promise<{ etag: string }> {
    const { grant, driver } = await this.#open(configId, 'PUT', query);
    const limit = grant.length ?? 0;
    if (contentLength !== undefined && Number(contentLength) > limit) throw tooLarge(limit);
    const limited = Readable.from(capped(body, { bytes: limit, error: tooLarge(limit) }));
    try {
      if (grant.uploadId !== undefined && grant.partNumber !== undefined) {
        return { etag: await driver.multipart.putPart(grant.key, grant.uploadId, grant.partNumber, limited) };
      }
      if (!(await this.gate.allows(configId, grant.key)))
        throw new AppError(ErrorCode.Forbidden, 'this upload link is no longer valid: the upload is not pending');
      return {
        etag: (await driver.putObject(grant.key, limited, grant.contentType ?? 'application/octet-stream')).etag,
      };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not-found')
        throw new AppError(ErrorCode.NotFound, 'no such multipart upload');
      throw error;
    }
  }

  async get(
    configId: string,
    query: URLSearchParams,
    rangeHeader: string | undefined,
    headOnly: boolean,
  ): Promise<BlobResponse> {
    const { grant, driver } = await this.#open(configId, 'GET', query);
    const head = await driver.head(grant.key);
    if (head === null) throw new AppError(ErrorCode.NotFound, 'no such object');
    const type = grant.contentType ?? head.contentType ?? 'application/octet-stream';
    const active = isActiveContent(type, grant.key);
    const headers: Record<string, string> = {
      ...safetyHeaders,
      'content-type': active ? 'text/plain; charset=utf-8' : type,
      'accept-ranges': 'bytes',
      etag: head.etag,
    };
    if (grant.disposition !== undefined)
      headers['content-disposition'] = active ? grant.disposition.replace(/^inline/, 'attachment') : grant.disposition;
    else if (active) headers['content-disposition'] = 'attachment';
    const range = parseRange(rangeHeader, head.size);
    if (range === 'unsatisfiable')
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${head.size}` }, body: null };
    if (headOnly) return { status: 200, headers: { ...headers, 'content-length': String(head.size) }, body: null };
    const object = await driver.getObject(grant.key, range);
    headers['content-length'] = String(object.contentLength);
    if (object.range !== null)
      headers['content-range'] = `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`;
    return { status: object.range === null ? 200 : 206, headers, body: object.body };
  }

  async #open(
    configId: string,
    method: 'GET' | 'PUT',
    query: URLSearchParams,
  ): Promise<{ grant: BlobGrant; driver: LocalDriver }> {
    const checked = checkBlobUrl(this.signer, configId, method, query, this.clock.now());
    if (!checked.ok)
      throw new AppError(
        ErrorCode.Forbidden,
        checked.reason === 'expired' ? 'this link has expired' : 'invalid signature',
      );
    const config = await this.configs.byId(configId);
    const driver = config === undefined ? undefined : await this.storage.driverFor(config);
    if (!(driver instanceof LocalDriver)) throw new AppError(ErrorCode.NotFound, 'no such storage');
    return { grant: checked.grant, driver };
  }
}

function tooLarge(limit: number): AppError {
  return new AppError(ErrorCode.PayloadTooLarge, `the body exceeds the ${limit} bytes this upload link allows`);
}
