import { describe, expect, it } from 'vitest';
import type { PutResponse } from './put-transport';
import { MIB, setup, job } from '@tests/unit/support/engine-fixtures';

describe('single PUT uploads', () => {
  it('presigns, PUTs with the returned content type, and commits with the ETag and share options', async () => {
    const { engine, api, transport } = setup();
    const result = await engine.upload(
      job(1000, { slug: 'abc123', remark: 'q3', password: 'pw', expires_in: 24, max_views: 3 }),
    );

    expect(result).toMatchObject({ ok: true, fileId: 'file-1', slug: 'abc123', etag: '"https://s3.test/put"' });
    expect(api.presign).toHaveBeenCalledWith(
      { filename: 'report.pdf', mimetype: 'application/pdf', size: 1000, slug: 'abc123' },
      expect.any(AbortSignal),
    );
    expect(transport.calls).toEqual([
      expect.objectContaining({
        url: 'https://s3.test/put',
        size: 1000,
        headers: { 'Content-Type': 'application/pdf' },
      }),
    ]);
    expect(api.commit).toHaveBeenCalledWith(
      {
        file_id: 'file-1',
        etag: '"https://s3.test/put"',
        size: 1000,
        remark: 'q3',
        password: 'pw',
        expires_in: 24,
        max_views: 3,
      },
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
      api: {
        presign: async () => ({
          ok: false,
          kind: 'slug-taken',
          status: 409,
          errorCode: 'SLUG_TAKEN',
          message: 'taken',
        }),
      },
    });
    const result = await engine.upload(job(10));
    expect(result).toEqual({
      ok: false,
      code: 'slug-taken',
      message: 'taken',
      retryable: false,
      status: 409,
      errorCode: 'SLUG_TAKEN',
    });
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
      api: {
        commit: async () => ({ ok: false, kind: 'server-error', status: 500, errorCode: 'INTERNAL', message: 'boom' }),
      },
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
      put: async (url) =>
        url.endsWith('?fresh') || url.endsWith('/1') ? { status: 200, etag: `"${url}"` } : { status: 403, etag: null },
    });
    expect(await engine.upload(job(11 * MIB))).toMatchObject({ ok: true });
    expect(api.multipartUrls).toHaveBeenCalledTimes(1);
    expect(api.multipartUrls.mock.calls[0]?.[0]).toEqual({
      file_id: 'file-1',
      upload_id: 'mp-1',
      part_numbers: [2, 3],
    });
    expect(transport.calls.map((c) => c.url)).toEqual([
      'https://s3.test/part/1',
      'https://s3.test/part/2',
      'https://s3.test/part/2?fresh',
      'https://s3.test/part/3?fresh',
    ]);
  });

  it('fails a part that is still refused after the refresh, aborts and cleans up', async () => {
    const { engine, api } = setup({
      config: { ...multipart, concurrency: 1 },
      put: async () => ({ status: 403, etag: null }),
    });
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
