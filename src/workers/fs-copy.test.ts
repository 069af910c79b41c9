import { assert, describe, expect, it, vi } from 'vitest';
import type { FsCopyFile, FsCrossStorageResult } from '@shared/api/fs-copy.schema';
import type { FsEntry } from '@shared/api/fs.schema';
import { fakeTransport, hangingPuts, MIB, ok, type PutHandler } from '@tests/unit/support/engine-fixtures';
import { createFsCopy } from './fs-copy';
import type { FsUploadApi } from './fs-upload-api';

const PART = 5 * MIB;

function bytesOf(size: number, seed = 1): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

/** A pull-based download in uneven chunks; `pulled` tells how much of it was read so far. */
function sourceOf(bytes: Uint8Array, chunk = 700_000) {
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= bytes.length) return controller.close();
      const next = bytes.subarray(state.pulled, Math.min(bytes.length, state.pulled + chunk));
      state.pulled += next.length;
      controller.enqueue(next);
    },
  });
  return { body, state };
}

const entry = (path: string, size: number): FsEntry => ({
  name: path.split('/').at(-1) ?? '',
  path,
  isDirectory: false,
  isMount: false,
  isVirtual: false,
  size,
  modified: null,
  etag: 'done',
  contentType: null,
  mount_id: 'm2',
  storage_type: 's3',
});

function fakeFsApi(overrides: Partial<FsUploadApi> = {}): FsUploadApi {
  return {
    presign: vi.fn(),
    commit: vi.fn(),
    cancel: vi.fn(async (body) => ok({ uploadId: body.uploadId, status: 'cancelled' as const })),
    multipartInit: vi.fn(),
    multipartUrls: vi.fn(),
    moveCommit: vi.fn(),
    multipartComplete: vi.fn(async (body) => ok(entry(`/s3/${body.uploadId}`, 0))),
    multipartAbort: vi.fn(async (body) => ok({ uploadId: body.uploadId, status: 'aborted' as const })),
    batchCopyCommit: vi.fn(async (body) =>
      ok({
        success: body.files.map((file: { targetPath: string; fileSize: number }) => ({
          targetPath: file.targetPath,
          fileName: 'x',
          entry: entry(file.targetPath, file.fileSize),
        })),
        failed: [],
      }),
    ),
    fileLink: vi.fn(async () => ({ ok: false as const, kind: 'not-found' as const, message: 'gone' })),
    thumbnailUpload: vi.fn(async (body) => ok({ path: body.path, status: 'done' as const })),
    ...overrides,
  };
}

function file(name: string, size: number, kind: 'put' | 'multipart'): FsCopyFile {
  const partCount = Math.max(1, Math.ceil(size / PART));
  return {
    sourcePath: `/local/src/${name}`,
    targetPath: `/s3/dst/${name}`,
    fileName: name,
    sourceKey: `src/${name}`,
    targetKey: `dst/${name}`,
    targetMountId: 'm2',
    fileSize: size,
    contentType: 'application/octet-stream',
    etag: null,
    downloadUrl: `https://local.test/${name}`,
    downloadExpiresIn: 3600,
    upload:
      kind === 'put'
        ? { kind, uploadId: `up-${name}`, uploadUrl: `https://s3.test/put/${name}`, expiresIn: 900 }
        : {
            kind,
            uploadId: `up-${name}`,
            partSize: PART,
            partCount,
            presignedUrls: Array.from({ length: partCount }, (_, i) => ({
              partNumber: i + 1,
              url: `https://s3.test/${name}/part/${i + 1}`,
            })),
            expiresIn: 900,
          },
  };
}

const planOf = (files: FsCopyFile[]): FsCrossStorageResult[] => [
  { sourcePath: '/local/src', targetPath: '/s3/dst', isDirectory: true, targetMountId: 'm2', files },
];

function setup(options: { fetch: typeof fetch; put?: PutHandler; api?: Partial<FsUploadApi> }) {
  const api = fakeFsApi(options.api);
  const transport = fakeTransport(options.put);
  const copy = createFsCopy({
    api: () => api,
    fetch: vi.fn(options.fetch),
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
  return { api, transport, copy };
}

describe('cross-storage copies in the worker', () => {
  it('streams a large file into its parts holding at most 4 of them, sends small files in one PUT, then commits them all', async () => {
    const big = bytesOf(6 * PART + 4321);
    const small = bytesOf(1000, 9);
    const source = sourceOf(big);
    const received = new Map<string, Uint8Array>();
    let uploaded = 0;
    let mostAhead = 0;
    const { api, copy, transport } = setup({
      fetch: async (input) => new Response(String(input).endsWith('big.bin') ? source.body : sourceOf(small).body),
      put: async (url, body) => {
        if (url.includes('/big.bin/')) {
          mostAhead = Math.max(mostAhead, source.state.pulled - uploaded);
          uploaded += body.size;
        }
        received.set(url, new Uint8Array(await body.arrayBuffer()));
        return { status: 200, etag: `"${url}"` };
      },
    });
    const result = await copy.copy({
      id: 'c1',
      scope: 'admin',
      plan: planOf([file('big.bin', big.length, 'multipart'), file('small.txt', small.length, 'put')]),
    });

    expect(result).toMatchObject({ status: 'completed', failed: [] });
    assert(result.ok);
    expect(result.copied.map((copied) => copied.targetPath).sort()).toEqual(['/s3/dst/big.bin', '/s3/dst/small.txt']);
    // The parts in flight (3) plus the one being filled, and one chunk read ahead.
    expect(mostAhead).toBeLessThanOrEqual(4 * PART + 700_000);
    const joined = new Uint8Array(big.length);
    for (let n = 1; n <= 7; n += 1)
      joined.set(received.get(`https://s3.test/big.bin/part/${n}`) ?? new Uint8Array(), (n - 1) * PART);
    expect(Buffer.from(joined).equals(Buffer.from(big))).toBe(true);
    expect(Buffer.from(received.get('https://s3.test/put/small.txt') ?? []).equals(Buffer.from(small))).toBe(true);
    expect(transport.calls.find((call) => call.url.endsWith('small.txt'))?.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
    });
    expect(api.multipartComplete).toHaveBeenCalledWith(
      expect.objectContaining({
        uploadId: 'up-big.bin',
        parts: expect.arrayContaining([{ partNumber: 7, etag: '"https://s3.test/big.bin/part/7"' }]),
      }),
      expect.any(AbortSignal),
    );
    const committed = vi.mocked(api.batchCopyCommit).mock.calls[0]?.[0];
    expect(committed?.targetMountId).toBe('m2');
    expect(committed?.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetPath: '/s3/dst/small.txt',
          fileSize: 1000,
          uploadId: 'up-small.txt',
          etag: '"https://s3.test/put/small.txt"',
        }),
        expect.not.objectContaining({ uploadId: expect.anything() }),
      ]),
    );
  });

  it('asks for a fresh download link once when the first one fails', async () => {
    const small = bytesOf(10);
    const { api, copy } = setup({
      fetch: async (input) =>
        String(input).includes('fresh') ? new Response(sourceOf(small).body) : new Response('expired', { status: 403 }),
      api: {
        fileLink: vi.fn(async () =>
          ok({
            path: '/local/src/a.txt',
            name: 'a.txt',
            presignedUrl: 'https://local.test/fresh',
            expiresIn: 60,
            expiresAt: '',
            forceDownload: false,
            mount_id: 'm1',
            storage_type: 'local',
          }),
        ),
      },
    });
    expect(await copy.copy({ id: 'c2', scope: 'admin', plan: planOf([file('a.txt', 10, 'put')]) })).toMatchObject({
      status: 'completed',
    });
    expect(api.fileLink).toHaveBeenCalledWith({ path: '/local/src/a.txt' }, expect.any(AbortSignal));
  });

  it('reports a source of the wrong size as failed, frees its reservation and commits nothing for it', async () => {
    const { api, copy } = setup({ fetch: async () => new Response(sourceOf(bytesOf(12)).body) });
    const result = await copy.copy({ id: 'c3', scope: 'admin', plan: planOf([file('a.txt', 10, 'put')]) });
    expect(result).toMatchObject({
      status: 'failed',
      copied: [],
      failed: [{ targetPath: '/s3/dst/a.txt', code: 'url-size-mismatch' }],
    });
    expect(api.batchCopyCommit).not.toHaveBeenCalled();
    expect(api.cancel).toHaveBeenCalledWith({ uploadId: 'up-a.txt' }, expect.any(AbortSignal));
  });

  it('on cancel aborts the multipart upload, frees the files not begun, and still commits the files already whole', async () => {
    const hang = hangingPuts(3);
    const small = bytesOf(100);
    const { api, copy } = setup({
      fetch: async (input) =>
        new Response(String(input).endsWith('big.bin') ? sourceOf(bytesOf(5 * PART)).body : sourceOf(small).body),
      put: async (url, body, options) =>
        url.includes('/big.bin/') ? hang.handler(url, body, options) : { status: 200, etag: '"small"' },
    });
    const files = [
      file('big.bin', 5 * PART, 'multipart'),
      file('done.txt', 100, 'put'),
      ...Array.from({ length: 6 }, (_, i) => file(`later-${i}.txt`, 100, 'put')),
    ];
    const running = copy.copy({ id: 'c4', scope: 'admin', plan: planOf(files) });
    await hang.reached;
    expect(copy.cancel('c4')).toBe(true);
    const result = await running;
    assert(result.ok);
    expect(result.status).toBe('cancelled');
    expect(result.failed).toEqual([]);
    expect(api.multipartAbort).toHaveBeenCalledWith({ uploadId: 'up-big.bin' }, expect.any(AbortSignal));
    const committed = vi
      .mocked(api.batchCopyCommit)
      .mock.calls.flatMap(([body]) => body.files.map((entry) => entry.targetPath));
    expect(committed).toContain('/s3/dst/done.txt');
    expect(committed).not.toContain('/s3/dst/big.bin');
    const freed = vi.mocked(api.cancel).mock.calls.map(([body]) => body.uploadId);
    expect(freed.length + committed.length).toBe(files.length - 1);
    expect(copy.cancel('c4')).toBe(false);
  });
});
