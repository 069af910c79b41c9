// Resuming a multipart upload a reload interrupted: the parts storage lists are kept,
// links are asked for the rest only, and an upload that cannot resume starts again.
import { describe, expect, it } from 'vitest';
import { MIB, job, ok, setup } from '@tests/unit/support/engine-fixtures';

const multipart = { singlePutMaxBytes: 10 * MIB, partSize: 5 * MIB };
const resume = { fileId: 'file-9', uploadId: 'mp-9' };

describe('resuming a multipart upload', () => {
  it('sends only the parts storage lacks and completes with every part', async () => {
    const started: unknown[] = [];
    const { engine, api, transport } = setup({
      config: multipart,
      api: {
        multipartParts: async (body) =>
          ok({
            ...body,
            part_size: 5 * MIB,
            part_count: 3,
            parts: [{ partNumber: 1, etag: '"stored-1"', size: 5 * MIB }],
          }),
      },
    });
    const result = await engine.upload(job(11 * MIB, { resume }), undefined, (upload) => started.push(upload));

    expect(api.multipartInit).not.toHaveBeenCalled();
    expect(api.multipartUrls.mock.calls[0]?.[0]).toEqual({
      file_id: 'file-9',
      upload_id: 'mp-9',
      part_numbers: [2, 3],
    });
    expect(transport.calls.map((call) => [call.url, call.size]).sort()).toEqual([
      ['https://s3.test/part/2?fresh', 5 * MIB],
      ['https://s3.test/part/3?fresh', 1 * MIB],
    ]);
    expect(api.multipartComplete.mock.calls[0]?.[0]).toEqual({
      file_id: 'file-9',
      upload_id: 'mp-9',
      parts: [
        { partNumber: 1, etag: '"stored-1"' },
        { partNumber: 2, etag: '"https://s3.test/part/2?fresh"' },
        { partNumber: 3, etag: '"https://s3.test/part/3?fresh"' },
      ],
    });
    expect(result).toMatchObject({ ok: true, fileId: 'file-9' });
    expect(started).toEqual([]);
  });

  it('starts anew, and says so, when the server no longer has the upload', async () => {
    const started: unknown[] = [];
    const { engine, api, transport } = setup({
      config: multipart,
      api: {
        multipartParts: async () => ({
          ok: false,
          kind: 'not-found',
          status: 404,
          errorCode: 'NOT_FOUND',
          message: 'gone',
        }),
      },
    });
    const result = await engine.upload(job(11 * MIB, { resume }), undefined, (upload) => started.push(upload));
    expect(api.multipartInit).toHaveBeenCalledTimes(1);
    expect(transport.calls).toHaveLength(3);
    expect(started).toEqual([{ fileId: 'file-1', uploadId: 'mp-1' }]);
    expect(result).toMatchObject({ ok: true, fileId: 'file-1' });
  });

  it('keeps an upload whose part the network interrupted, and cleans up after any other failure', async () => {
    const offline = setup({
      config: { ...multipart, retries: 0 },
      put: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await offline.engine.upload(job(11 * MIB))).toMatchObject({
      ok: false,
      code: 'network',
      partNumber: expect.any(Number),
    });
    expect(offline.api.multipartAbort).not.toHaveBeenCalled();
    expect(offline.api.cancel).not.toHaveBeenCalled();

    const refused = setup({ config: { ...multipart, retries: 0 }, put: async () => ({ status: 400, etag: null }) });
    expect(await refused.engine.upload(job(11 * MIB))).toMatchObject({ ok: false, code: 'part-failed' });
    expect(refused.api.multipartAbort).toHaveBeenCalledTimes(1);
  });
});

describe('an upload while the connection comes and goes', () => {
  it('pauses while offline, spends no retry on it, and goes on when the connection is back', async () => {
    let online = true;
    let waiting = false;
    let backOnline = () => {};
    const connectivity = {
      isOnline: () => online,
      whenOnline: () =>
        new Promise<void>((resolve) => {
          waiting = true;
          backOnline = () => {
            online = true;
            resolve();
          };
        }),
    };
    let puts = 0;
    const { engine, api } = setup({
      config: { ...multipart, concurrency: 1, retries: 0 },
      connectivity,
      put: async (url) => {
        puts += 1;
        if (puts === 2) {
          online = false;
          throw new TypeError('Failed to fetch');
        }
        return { status: 200, etag: `"${url}"` };
      },
    });
    const upload = engine.upload(job(11 * MIB));
    await expect.poll(() => waiting).toBe(true);
    expect(puts).toBe(2);
    backOnline();
    expect(await upload).toMatchObject({ ok: true });
    expect(puts).toBe(4);
    expect(api.multipartAbort).not.toHaveBeenCalled();
  });
});
