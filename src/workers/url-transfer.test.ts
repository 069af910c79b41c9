import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeTransport, hangingPuts, MIB, type PutHandler } from '@tests/unit/support/engine-fixtures';
import type { TransferProgress, UrlUploadJob } from './protocol';
import { createUrlTransfer } from './url-transfer';

const PART = 5 * MIB;

function bytesOf(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) out[i] = (i * 31 + 7) & 0xff;
  return out;
}

/** A pull-based body in uneven chunks; `pulled` tells how much of it was read so far. */
function sourceOf(bytes: Uint8Array, { chunk = 700_000, extra = 0 } = {}) {
  const state = { pulled: 0 };
  const all = new Uint8Array(bytes.length + extra);
  all.set(bytes);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= all.length) return controller.close();
      const next = all.subarray(state.pulled, Math.min(all.length, state.pulled + chunk));
      state.pulled += next.length;
      controller.enqueue(next);
    },
  });
  return { body, state };
}

function setup(options: { fetch: typeof fetch; put?: PutHandler }) {
  const api = fakeApi();
  const transport = fakeTransport(options.put);
  const fetchSpy = vi.fn(options.fetch);
  const transfer = createUrlTransfer({
    api,
    fetch: fetchSpy,
    connection: () => ({ baseUrl: '/api', credentials: { scheme: 'admin', token: 'tok' } }),
    put: {
      transport,
      sleep: async () => undefined,
      random: () => 1,
      policy: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
      timeoutMs: 60_000,
    },
    now: () => 0,
  });
  return { api, transport, fetch: fetchSpy, transfer };
}

const job = (size: number, extra: Partial<UrlUploadJob> = {}): UrlUploadJob => ({
  id: 'url-1',
  url: 'https://files.example/video.bin',
  filename: 'video.bin',
  mimetype: 'application/octet-stream',
  size,
  ...extra,
});

describe('URL uploads in the worker', () => {
  it('downloads directly and uploads the bytes as they arrive, 3 parts at a time, then commits', async () => {
    const size = 4 * PART + 1234;
    const bytes = bytesOf(size);
    const received = new Map<string, Uint8Array>();
    const { api, transport, transfer, fetch } = setup({
      fetch: async () => new Response(sourceOf(bytes).body),
      put: async (url, body) => {
        received.set(url, new Uint8Array(await body.arrayBuffer()));
        return { status: 200, etag: `"${url}"` };
      },
    });
    const reports: TransferProgress[] = [];
    const result = await transfer.upload(job(size, { slug: 'from-url', max_views: 2 }), (progress) =>
      reports.push(progress),
    );

    expect(result).toMatchObject({ ok: true, fileId: 'file-1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://files.example/video.bin');
    expect(api.multipartInit).toHaveBeenCalledWith(
      expect.objectContaining({ filename: 'video.bin', size, part_size: PART, slug: 'from-url' }),
      expect.any(AbortSignal),
    );
    expect(transport.stats.maxInFlight).toBeLessThanOrEqual(3);
    const joined = new Uint8Array(size);
    for (let n = 1; n <= 5; n += 1)
      joined.set(received.get(`https://s3.test/part/${n}`) ?? new Uint8Array(), (n - 1) * PART);
    expect(Buffer.from(joined).equals(Buffer.from(bytes))).toBe(true);
    expect(api.commit).toHaveBeenCalledWith(
      expect.objectContaining({ etag: '"assembled-3"', size, max_views: 2 }),
      expect.any(AbortSignal),
    );
    expect(reports.every((report) => report.source === undefined || report.source === 'direct')).toBe(true);
    expect(reports.filter((report) => report.stage === 'downloading').every((report) => report.percent <= 99)).toBe(
      true,
    );
    expect(reports.at(-1)).toMatchObject({ percent: 100, stage: 'completed', source: 'direct' });
  });

  it('weighs the download as 0-49 % and the upload as 50-99 %', async () => {
    const size = 2 * PART;
    const hang = hangingPuts(2);
    const { transfer } = setup({ fetch: async () => new Response(sourceOf(bytesOf(size)).body), put: hang.handler });
    const reports: TransferProgress[] = [];
    const pending = transfer.upload(job(size), (progress) => reports.push(progress));
    await hang.reached;
    // Everything downloaded, nothing uploaded yet.
    expect(reports.at(-1)).toMatchObject({ percent: 49, stage: 'uploading' });
    transfer.cancel('url-1');
    expect(await pending).toMatchObject({ ok: false, code: 'cancelled' });
  });

  it('falls back to the server’s proxy when the direct fetch fails (network or CORS), with the session’s credentials', async () => {
    const size = 1000;
    const { transfer, fetch } = setup({
      fetch: async (input) => {
        if (String(input).startsWith('https://')) throw new TypeError('Failed to fetch');
        return new Response(sourceOf(bytesOf(size)).body);
      },
    });
    const reports: TransferProgress[] = [];
    expect(await transfer.upload(job(size), (progress) => reports.push(progress))).toMatchObject({ ok: true });
    expect(fetch.mock.calls[1]?.[0]).toBe(
      `/api/url/proxy?url=${encodeURIComponent('https://files.example/video.bin')}`,
    );
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer tok' } });
    expect(reports.at(-1)?.source).toBe('proxy');
  });

  it('reports the HTTP status of a source that answers an error, without trying the proxy or starting an upload', async () => {
    const { transfer, fetch, api } = setup({ fetch: async () => new Response('gone', { status: 404 }) });
    expect(await transfer.upload(job(10))).toMatchObject({ ok: false, code: 'url-fetch-failed', status: 404 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(api.multipartInit).not.toHaveBeenCalled();
  });

  it('maps the proxy’s refusals by their error code', async () => {
    const envelope = (status: number, error: string, extra: object = {}) =>
      new Response(JSON.stringify({ code: status, message: 'no', data: { error, ...extra }, success: false }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    const cases: [Response, object][] = [
      [envelope(400, 'URL_NOT_ALLOWED'), { code: 'url-not-allowed' }],
      [envelope(502, 'URL_FETCH_FAILED', { upstreamStatus: 403 }), { code: 'url-fetch-failed', status: 403 }],
      [envelope(502, 'URL_FETCH_FAILED'), { code: 'url-unreachable' }],
      [envelope(413, 'PAYLOAD_TOO_LARGE'), { code: 'too-large' }],
      [envelope(401, 'TOKEN_EXPIRED'), { code: 'unauthorized', errorCode: 'TOKEN_EXPIRED' }],
    ];
    for (const [answer, expected] of cases) {
      const { transfer, api } = setup({
        fetch: async (input) => {
          if (String(input).startsWith('https://')) throw new TypeError('Failed to fetch');
          return answer;
        },
      });
      expect(await transfer.upload(job(10))).toMatchObject({ ok: false, ...expected });
      expect(api.multipartInit).not.toHaveBeenCalled();
    }
  });

  it('fails a download shorter or longer than announced, and removes the pending upload', async () => {
    for (const source of [sourceOf(bytesOf(PART + 10)), sourceOf(bytesOf(PART + 20), { extra: 5 })]) {
      const { transfer, api } = setup({ fetch: async () => new Response(source.body) });
      expect(await transfer.upload(job(PART + 20))).toMatchObject({ ok: false, code: 'url-size-mismatch' });
      expect(api.multipartAbort).toHaveBeenCalledWith(
        { file_id: 'file-1', upload_id: 'mp-1' },
        expect.any(AbortSignal),
      );
      expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
      expect(api.commit).not.toHaveBeenCalled();
    }
  });

  it('reads no further than the parts it can hold while storage is slow, and a cancel cleans up', async () => {
    const size = 10 * PART;
    const source = sourceOf(bytesOf(size), { chunk: MIB });
    const hang = hangingPuts(3);
    const { transfer, api } = setup({ fetch: async () => new Response(source.body), put: hang.handler });
    const pending = transfer.upload(job(size));
    await hang.reached;
    // 3 parts in flight and at most one more being filled (plus the stream's own small buffer).
    expect(source.state.pulled).toBeLessThanOrEqual(4 * PART + 2 * MIB);
    expect(transfer.cancel('url-1')).toBe(true);
    expect(await pending).toMatchObject({ ok: false, code: 'cancelled' });
    expect(hang.signals.every((signal) => signal.aborted)).toBe(true);
    expect(api.multipartAbort).toHaveBeenCalled();
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
  });
});
