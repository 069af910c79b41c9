import { describe, expect, it, vi } from 'vitest';
import type { CommitRequest, CommitResponse } from '../shared/api/upload.schema';
import { createTransferEngine, defaultEngineConfig } from './engine';
import type { TransferEngineConfig } from './engine';
import type { TransferProgress, UploadJob } from './protocol';
import type { PutOptions, PutResponse } from './put-transport';
import type { ApiOutcome, UploadApi } from './upload-api';

const MIB = 1024 * 1024;

const ok = <T>(data: T): ApiOutcome<T> => ({ ok: true, data });

function share(body: CommitRequest): CommitResponse {
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
function fakeApi(overrides: Partial<UploadApi> = {}) {
  const defaults: UploadApi = {
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
      const presigned_urls = Array.from({ length: partCount }, (_, i) => ({ partNumber: i + 1, url: `https://s3.test/part/${i + 1}` }));
      return ok({ file_id: 'file-1', upload_id: 'mp-1', storage_path: 'uploads/big.bin', slug: 'abc123', part_size: partSize, part_count: partCount, presigned_urls });
    },
    multipartUrls: async (body) =>
      ok({ presigned_urls: body.part_numbers.map((n) => ({ partNumber: n, url: `https://s3.test/part/${n}?fresh` })) }),
    multipartComplete: async (body) => ok({ file_id: body.file_id, etag: '"assembled-3"' }),
    multipartAbort: async (body) => ok({ file_id: body.file_id, status: 'aborted' }),
    cancel: async (body) => ok({ file_id: body.file_id, status: 'cancelled' }),
  };
  const pick = { ...defaults, ...overrides };
  return {
    presign: vi.fn(pick.presign),
    commit: vi.fn(pick.commit),
    multipartInit: vi.fn(pick.multipartInit),
    multipartUrls: vi.fn(pick.multipartUrls),
    multipartComplete: vi.fn(pick.multipartComplete),
    multipartAbort: vi.fn(pick.multipartAbort),
    cancel: vi.fn(pick.cancel),
  } satisfies UploadApi;
}

type PutHandler = (url: string, body: Blob, options: PutOptions) => Promise<PutResponse>;

/** Storage PUTs: records every call and how many run at once. */
function fakeTransport(handler: PutHandler = async (url) => ({ status: 200, etag: `"${url}"` })) {
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

function setup(options: { api?: Partial<UploadApi>; put?: PutHandler; config?: Partial<TransferEngineConfig> } = {}) {
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
  });
  return { engine, api, transport, sleep, clock };
}

function job(size: number, extra: Partial<UploadJob> = {}): UploadJob {
  return { id: 'job-1', file: new Blob([new Uint8Array(size)], { type: 'application/pdf' }), filename: 'report.pdf', ...extra };
}

/** Resolves once `count` PUTs hang, then lets the test decide their fate. */
function hangingPuts(count: number) {
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

describe('single PUT uploads', () => {
  it('presigns, PUTs with the returned content type, and commits with the ETag and share options', async () => {
    const { engine, api, transport } = setup();
    const result = await engine.upload(job(1000, { slug: 'abc123', remark: 'q3', password: 'pw', expires_in: 24, max_views: 3 }));

    expect(result).toMatchObject({ ok: true, fileId: 'file-1', slug: 'abc123', etag: '"https://s3.test/put"' });
    expect(api.presign).toHaveBeenCalledWith(
      { filename: 'report.pdf', mimetype: 'application/pdf', size: 1000, slug: 'abc123' },
      expect.any(AbortSignal),
    );
    expect(transport.calls).toEqual([
      expect.objectContaining({ url: 'https://s3.test/put', size: 1000, headers: { 'Content-Type': 'application/pdf' } }),
    ]);
    expect(api.commit).toHaveBeenCalledWith(
      { file_id: 'file-1', etag: '"https://s3.test/put"', size: 1000, remark: 'q3', password: 'pw', expires_in: 24, max_views: 3 },
      expect.any(AbortSignal),
    );
    expect(api.multipartInit).not.toHaveBeenCalled();
    expect(api.cancel).not.toHaveBeenCalled();
  });

  it('sends Markdown files as text/markdown', async () => {
    const { engine, api } = setup();
    await engine.upload(job(10, { filename: 'notes.MD', file: new Blob(['# hi']) }));
    expect(api.presign.mock.calls[0]?.[0].mimetype).toBe('text/markdown');
  });

  it('maps a taken slug at presign to slug-taken, with nothing to clean up', async () => {
    const { engine, api, transport } = setup({
      api: { presign: async () => ({ ok: false, kind: 'http', status: 409, errorCode: 'SLUG_TAKEN', message: 'taken' }) },
    });
    const result = await engine.upload(job(10));
    expect(result).toEqual({ ok: false, code: 'slug-taken', message: 'taken', retryable: false, status: 409 });
    expect(transport.put).not.toHaveBeenCalled();
    expect(api.cancel).not.toHaveBeenCalled();
  });

  it('fails fast on a 400 from storage and deletes the uncommitted file', async () => {
    const { engine, api, sleep } = setup({ put: async () => ({ status: 400, etag: null }) });
    const result = await engine.upload(job(10));
    expect(result).toMatchObject({ ok: false, code: 'http', status: 400, retryable: false });
    expect(sleep).not.toHaveBeenCalled();
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
    expect(api.commit).not.toHaveBeenCalled();
  });

  it('deletes the uncommitted file when commit fails', async () => {
    const { engine, api } = setup({
      api: { commit: async () => ({ ok: false, kind: 'http', status: 500, message: 'boom' }) },
    });
    const result = await engine.upload(job(10));
    expect(result).toMatchObject({ ok: false, code: 'commit-failed', status: 500, retryable: true });
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
  });

  it('reports a missing ETag (bucket CORS not exposing it) as a bad response', async () => {
    const { engine } = setup({ put: async () => ({ status: 200, etag: null }) });
    expect(await engine.upload(job(10))).toMatchObject({ ok: false, code: 'bad-response', status: 200 });
  });
});

describe('retries', () => {
  it('retries network errors, 5xx and 429 with growing back-off, then succeeds', async () => {
    const answers: (PutResponse | 'network')[] = ['network', { status: 503, etag: null }, { status: 429, etag: null }];
    const { engine, sleep, transport } = setup({
      put: async () => {
        const next = answers.shift();
        if (next === 'network') throw new TypeError('Failed to fetch');
        return next ?? { status: 200, etag: '"ok"' };
      },
    });
    const result = await engine.upload(job(10));
    expect(result).toMatchObject({ ok: true, etag: '"ok"' });
    expect(transport.put).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
  });

  it('gives up after the configured retries', async () => {
    const { engine, transport } = setup({ put: async () => ({ status: 500, etag: null }), config: { retries: 2 } });
    expect(await engine.upload(job(10))).toMatchObject({ ok: false, code: 'http', status: 500, retryable: true });
    expect(transport.put).toHaveBeenCalledTimes(3);
  });

  it('retries a 408 but not a 404', async () => {
    const statuses = [408, 404];
    const { engine, transport } = setup({ put: async () => ({ status: statuses.shift() ?? 200, etag: null }) });
    expect(await engine.upload(job(10))).toMatchObject({ ok: false, code: 'http', status: 404 });
    expect(transport.put).toHaveBeenCalledTimes(2);
  });
});

describe('multipart uploads', () => {
  const multipart = { singlePutMaxBytes: 10 * MIB, partSize: 5 * MIB };

  it('uploads 5 MiB slices and a short last part, then completes with sorted ETags and commits', async () => {
    const { engine, api, transport } = setup({ config: multipart });
    const result = await engine.upload(job(11 * MIB));

    expect(api.multipartInit).toHaveBeenCalledWith(
      { filename: 'report.pdf', mimetype: 'application/pdf', size: 11 * MIB, part_size: 5 * MIB },
      expect.any(AbortSignal),
    );
    expect(transport.calls.map((c) => [c.url, c.size]).sort()).toEqual([
      ['https://s3.test/part/1', 5 * MIB],
      ['https://s3.test/part/2', 5 * MIB],
      ['https://s3.test/part/3', 1 * MIB],
    ]);
    expect(api.multipartComplete).toHaveBeenCalledWith(
      {
        file_id: 'file-1',
        upload_id: 'mp-1',
        parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: `"https://s3.test/part/${n}"` })),
      },
      expect.any(AbortSignal),
    );
    expect(api.commit.mock.calls[0]?.[0]).toMatchObject({ file_id: 'file-1', etag: '"assembled-3"', size: 11 * MIB });
    expect(result).toMatchObject({ ok: true, etag: '"assembled-3"' });
    expect(api.multipartAbort).not.toHaveBeenCalled();
  });

  it('never has more parts in flight than the concurrency limit', async () => {
    const { engine, transport } = setup({
      config: { ...multipart, concurrency: 2 },
      put: async (url) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { status: 200, etag: `"${url}"` };
      },
    });
    expect(await engine.upload(job(26 * MIB))).toMatchObject({ ok: true });
    expect(transport.put).toHaveBeenCalledTimes(6);
    expect(transport.stats.maxInFlight).toBe(2);
  });

  it('asks once for fresh URLs when a part URL has expired (403)', async () => {
    const { engine, api, transport } = setup({
      config: { ...multipart, concurrency: 1 },
      put: async (url) => (url.endsWith('?fresh') || url.endsWith('/1') ? { status: 200, etag: `"${url}"` } : { status: 403, etag: null }),
    });
    expect(await engine.upload(job(11 * MIB))).toMatchObject({ ok: true });
    expect(api.multipartUrls).toHaveBeenCalledTimes(1);
    expect(api.multipartUrls.mock.calls[0]?.[0]).toEqual({ file_id: 'file-1', upload_id: 'mp-1', part_numbers: [2, 3] });
    expect(transport.calls.map((c) => c.url)).toEqual([
      'https://s3.test/part/1',
      'https://s3.test/part/2',
      'https://s3.test/part/2?fresh',
      'https://s3.test/part/3?fresh',
    ]);
  });

  it('fails a part that is still refused after the refresh, aborts and cleans up', async () => {
    const { engine, api } = setup({ config: { ...multipart, concurrency: 1 }, put: async () => ({ status: 403, etag: null }) });
    const result = await engine.upload(job(11 * MIB));
    expect(result).toMatchObject({ ok: false, code: 'part-failed', partNumber: 1, status: 403, retryable: false });
    expect(api.multipartUrls).toHaveBeenCalledTimes(1);
    expect(api.multipartAbort).toHaveBeenCalledWith({ file_id: 'file-1', upload_id: 'mp-1' }, expect.any(AbortSignal));
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
    expect(api.multipartComplete).not.toHaveBeenCalled();
  });

  it('aborts the multipart upload and deletes the file when complete fails', async () => {
    const { engine, api } = setup({
      config: multipart,
      api: { multipartComplete: async () => ({ ok: false, kind: 'network', message: 'offline' }) },
    });
    expect(await engine.upload(job(11 * MIB))).toMatchObject({ ok: false, code: 'network', retryable: true });
    expect(api.multipartAbort).toHaveBeenCalledTimes(1);
    expect(api.cancel).toHaveBeenCalledTimes(1);
  });
});

describe('defaults', () => {
  const slowPut: PutHandler = async (url) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { status: 200, etag: `"${url}"` };
  };

  it('asks for 16 MiB parts and keeps 4 of them in flight', async () => {
    expect(defaultEngineConfig).toMatchObject({ partSize: 16 * MIB, concurrency: 4, singlePutMaxBytes: 16 * MIB });
    const { engine, api, transport } = setup({ put: slowPut });
    expect(await engine.upload(job(97 * MIB))).toMatchObject({ ok: true });
    expect(api.multipartInit.mock.calls[0]?.[0]).toMatchObject({ size: 97 * MIB, part_size: 16 * MIB });
    expect(transport.calls.map((c) => c.size).sort((a, b) => b - a)).toEqual([...Array<number>(6).fill(16 * MIB), MIB]);
    expect(transport.stats.maxInFlight).toBe(4);
  });

  it('takes its concurrency from the config', async () => {
    const { engine, transport } = setup({ config: { partSize: 5 * MIB, concurrency: 6 }, put: slowPut });
    expect(await engine.upload(job(40 * MIB))).toMatchObject({ ok: true });
    expect(transport.put).toHaveBeenCalledTimes(8);
    expect(transport.stats.maxInFlight).toBe(6);
  });

  it('sends each part as a slice of the file itself, not a copy', async () => {
    const { engine, transport } = setup({ config: { partSize: 5 * MIB }, put: slowPut });
    const upload = job(20 * MIB);
    const slice = vi.spyOn(upload.file, 'slice');
    expect(await engine.upload(upload)).toMatchObject({ ok: true });
    const sliced = new Set(slice.mock.results.map((r) => r.value));
    expect(transport.put.mock.calls.map(([, body]) => sliced.has(body))).toEqual([true, true, true, true]);
  });
});

describe('cancel', () => {
  it('aborts in-flight parts, stops scheduling, calls abort and cancel, and resolves cancelled', async () => {
    const hanging = hangingPuts(2);
    const { engine, api, transport } = setup({ config: { singlePutMaxBytes: 10 * MIB, partSize: 5 * MIB, concurrency: 2 }, put: hanging.handler });
    const pending = engine.upload(job(26 * MIB));
    await hanging.reached;

    expect(engine.cancel('job-1')).toBe(true);
    const result = await pending;

    expect(result).toEqual({ ok: false, code: 'cancelled', message: 'upload cancelled', retryable: false });
    expect(hanging.signals.every((signal) => signal.aborted)).toBe(true);
    expect(transport.put).toHaveBeenCalledTimes(2);
    expect(api.multipartAbort).toHaveBeenCalledWith({ file_id: 'file-1', upload_id: 'mp-1' }, expect.any(AbortSignal));
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
    expect(api.multipartComplete).not.toHaveBeenCalled();
    expect(api.commit).not.toHaveBeenCalled();
    expect(engine.cancel('job-1')).toBe(false);
  });

  it('cancels a single PUT and deletes the presigned file', async () => {
    const hanging = hangingPuts(1);
    const { engine, api } = setup({ put: hanging.handler });
    const pending = engine.upload(job(10));
    await hanging.reached;
    engine.cancel('job-1');
    expect(await pending).toMatchObject({ ok: false, code: 'cancelled' });
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
    expect(api.multipartAbort).not.toHaveBeenCalled();
  });

  it('returns false for an unknown upload', () => {
    expect(setup().engine.cancel('nope')).toBe(false);
  });
});

describe('progress', () => {
  it('is monotonic, throttled, and reaches 100 % only after commit', async () => {
    const events: TransferProgress[] = [];
    let lastBeforeCommit: TransferProgress | undefined;
    const { engine, clock } = setup({
      config: { singlePutMaxBytes: 10 * MIB, partSize: 5 * MIB, concurrency: 1 },
      api: {
        commit: async (body) => {
          lastBeforeCommit = events.at(-1);
          return ok(share(body));
        },
      },
      put: async (url) => {
        clock.now += 1000;
        return { status: 200, etag: `"${url}"` };
      },
    });
    await engine.upload(job(11 * MIB), (progress) => events.push(progress));

    const loaded = events.map((e) => e.loaded);
    const percents = events.map((e) => e.percent);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(lastBeforeCommit).toMatchObject({ stage: 'completing', loaded: 11 * MIB, percent: 99 });
    expect(events.at(-1)).toMatchObject({ stage: 'completed', percent: 100, secondsLeft: 0 });
    expect(events.filter((e) => e.percent === 100)).toHaveLength(1);
    expect(events.map((e) => e.stage)).toEqual(['initializing', 'uploading', 'uploading', 'uploading', 'uploading', 'processing', 'completing', 'completed']);
    expect(events[2]).toMatchObject({ loaded: 5 * MIB, bytesPerSecond: 5 * MIB, secondsLeft: 1.2 });
  });

  it('reports single-PUT byte progress from the transport at most once per interval', async () => {
    const events: TransferProgress[] = [];
    const { engine, clock } = setup({
      put: async (url, body, options) => {
        for (const loaded of [100, 200, 300]) options.onProgress?.(loaded);
        clock.now += 150;
        options.onProgress?.(body.size);
        return { status: 200, etag: `"${url}"` };
      },
    });
    await engine.upload(job(1000), (progress) => events.push(progress));
    expect(events.filter((e) => e.stage === 'uploading').map((e) => e.loaded)).toEqual([0, 1000]);
  });
});
