// Fakes for the transfer engine's boundaries (the upload API and the PUT transport), shared by
// the engine's test files so each stays readable.
import { vi } from 'vitest';
import type { CommitRequest, CommitResponse } from '@shared/api/upload.schema';
import { createTransferEngine } from '@workers/engine';
import type { TransferEngineConfig } from '@workers/engine';
import type { Connectivity } from '@workers/put-with-retry';
import type { UploadJob } from '@workers/protocol';
import type { PutOptions, PutResponse } from '@workers/put-transport';
import type { ApiOutcome, UploadApi } from '@workers/upload-api';
import type { MakeThumbnails, ThumbnailLine } from '@workers/upload-thumbnails';

export const MIB = 1024 * 1024;

export const ok = <T>(data: T): ApiOutcome<T> => ({ ok: true, data });

export function share(body: CommitRequest): CommitResponse {
  return {
    id: body.file_id,
    slug: 'abc123',
    filename: 'report.pdf',
    storage_path: 'uploads/report.pdf',
    s3_url: 'https://s3.test/bucket/uploads/report.pdf',
    mimetype: 'application/pdf',
    size: body.size,
    remark: body.remark ?? null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    hasPassword: body.password !== undefined,
    expiresAt: null,
    maxViews: body.max_views ?? null,
    url: '/file/abc123',
  };
}

/** The server side of an upload, as the engine sees it. */
export function fakeApi(overrides: Partial<UploadApi> = {}) {
  const defaults: Required<UploadApi> = {
    presign: async (body) =>
      ok({
        upload_url: 'https://s3.test/put',
        file_id: 'file-1',
        storage_path: 'uploads/report.pdf',
        s3_url: 'https://s3.test/bucket/uploads/report.pdf',
        slug: 'abc123',
        provider_type: 'AWS S3',
        contentType: body.mimetype,
      }),
    commit: async (body) => ok(share(body)),
    multipartInit: async (body) => {
      const partSize = body.part_size ?? 5 * MIB;
      const partCount = Math.ceil(body.size / partSize);
      const presigned_urls = Array.from({ length: partCount }, (_, i) => ({
        partNumber: i + 1,
        url: `https://s3.test/part/${i + 1}`,
      }));
      return ok({
        file_id: 'file-1',
        upload_id: 'mp-1',
        storage_path: 'uploads/big.bin',
        slug: 'abc123',
        part_size: partSize,
        part_count: partCount,
        presigned_urls,
      });
    },
    multipartUrls: async (body) =>
      ok({ presigned_urls: body.part_numbers.map((n) => ({ partNumber: n, url: `https://s3.test/part/${n}?fresh` })) }),
    multipartComplete: async (body) => ok({ file_id: body.file_id, etag: '"assembled-3"' }),
    multipartAbort: async (body) => ok({ file_id: body.file_id, status: 'aborted' }),
    multipartParts: async (body) => ok({ ...body, part_size: 5 * MIB, part_count: 1, parts: [] }),
    cancel: async (body) => ok({ file_id: body.file_id, status: 'cancelled' }),
    thumbnail: async (body) => ok({ file_id: body.file_id, status: 'done' }),
  };
  const pick = { ...defaults, ...overrides };
  return {
    presign: vi.fn(pick.presign),
    commit: vi.fn(pick.commit),
    multipartInit: vi.fn(pick.multipartInit),
    multipartUrls: vi.fn(pick.multipartUrls),
    multipartComplete: vi.fn(pick.multipartComplete),
    multipartAbort: vi.fn(pick.multipartAbort),
    multipartParts: vi.fn(overrides.multipartParts ?? defaults.multipartParts),
    cancel: vi.fn(pick.cancel),
    thumbnail: vi.fn(pick.thumbnail),
  } satisfies UploadApi;
}

export type PutHandler = (url: string, body: Blob, options: PutOptions) => Promise<PutResponse>;

/** Storage PUTs: records every call and how many run at once. */
export function fakeTransport(handler: PutHandler = async (url) => ({ status: 200, etag: `"${url}"` })) {
  const calls: { url: string; size: number; headers: Record<string, string>; signal: AbortSignal }[] = [];
  let inFlight = 0;
  const stats = { maxInFlight: 0 };
  const put = vi.fn<PutHandler>(async (url, body, options) => {
    calls.push({ url, size: body.size, headers: options.headers, signal: options.signal });
    inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    try {
      return await handler(url, body, options);
    } finally {
      inFlight -= 1;
    }
  });
  return { put, calls, stats };
}

export function setup(
  options: {
    api?: Partial<UploadApi>;
    put?: PutHandler;
    config?: Partial<TransferEngineConfig>;
    connectivity?: Connectivity;
    thumbnails?: MakeThumbnails;
    thumbnailLine?: ThumbnailLine;
  } = {},
) {
  const api = fakeApi(options.api);
  const transport = fakeTransport(options.put);
  const clock = { now: 0 };
  const sleep = vi.fn(async (_ms: number, _signal: AbortSignal) => undefined);
  const engine = createTransferEngine({
    api,
    transport,
    now: () => clock.now,
    sleep,
    random: () => 1,
    config: options.config,
    ...(options.connectivity === undefined ? {} : { connectivity: options.connectivity }),
    ...(options.thumbnails === undefined ? {} : { thumbnails: options.thumbnails }),
    ...(options.thumbnailLine === undefined ? {} : { thumbnailLine: options.thumbnailLine }),
  });
  return { engine, api, transport, sleep, clock };
}

export function job(size: number, extra: Partial<UploadJob> = {}): UploadJob {
  return {
    id: 'job-1',
    file: new Blob([new Uint8Array(size)], { type: 'application/pdf' }),
    filename: 'report.pdf',
    ...extra,
  };
}

/** Resolves once `count` PUTs hang, then lets the test decide their fate. */
export function hangingPuts(count: number) {
  const signals: AbortSignal[] = [];
  let release = () => {};
  const reached = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: PutHandler = (_url, _body, options) =>
    new Promise<PutResponse>((_resolve, reject) => {
      signals.push(options.signal);
      options.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      if (signals.length === count) release();
    });
  return { handler, signals, reached };
}
