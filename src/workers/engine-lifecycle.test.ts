import { describe, expect, it, vi } from 'vitest';
import { defaultEngineConfig } from './engine';
import type { TransferProgress } from './protocol';
import { hangingPuts, job, MIB, ok, setup, share, type PutHandler } from '@tests/unit/support/engine-fixtures';

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
    const { engine, api, transport } = setup({
      config: { singlePutMaxBytes: 10 * MIB, partSize: 5 * MIB, concurrency: 2 },
      put: hanging.handler,
    });
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

  it('withdraws the file when the cancel lands while the commit is on its way', async () => {
    let commitStarted = (): void => undefined;
    const reachedCommit = new Promise<void>((resolve) => {
      commitStarted = resolve;
    });
    let finishCommit = (): void => undefined;
    const { engine, api } = setup({
      api: {
        commit: async (body) => {
          commitStarted();
          await new Promise<void>((resolve) => {
            finishCommit = resolve;
          });
          return ok(share(body));
        },
      },
    });
    const pending = engine.upload(job(10));
    await reachedCommit;
    expect(engine.cancel('job-1')).toBe(true);
    finishCommit();
    expect(await pending).toMatchObject({ ok: false, code: 'cancelled' });
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
  });

  it('withdraws a finished upload once when the cancel arrives just after the answer', async () => {
    const { engine, api } = setup();
    expect(await engine.upload(job(10))).toMatchObject({ ok: true, fileId: 'file-1' });
    expect(api.cancel).not.toHaveBeenCalled();
    expect(engine.cancel('job-1')).toBe(true);
    expect(api.cancel).toHaveBeenCalledWith({ file_id: 'file-1' }, expect.any(AbortSignal));
    expect(engine.cancel('job-1')).toBe(false);
    expect(api.cancel).toHaveBeenCalledTimes(1);
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
    expect(events.map((e) => e.stage)).toEqual([
      'initializing',
      'uploading',
      'uploading',
      'uploading',
      'uploading',
      'processing',
      'completing',
      'completed',
    ]);
    expect(events[2]).toMatchObject({ loaded: 5 * MIB, bytesPerSecond: 5 * MIB, secondsLeft: 1.2 });
  });

  it('moves multipart progress with the bytes of the parts in flight, not only when a part ends', async () => {
    const events: TransferProgress[] = [];
    const { engine, clock } = setup({
      config: { singlePutMaxBytes: 10 * MIB, partSize: 5 * MIB, concurrency: 2, progressIntervalMs: 0 },
      put: async (url, body, options) => {
        clock.now += 100;
        options.onProgress?.(body.size / 2);
        clock.now += 100;
        options.onProgress?.(body.size);
        return { status: 200, etag: `"${url}"` };
      },
    });
    expect(await engine.upload(job(15 * MIB), (progress) => events.push(progress))).toMatchObject({ ok: true });
    const uploading = events.filter((e) => e.stage === 'uploading').map((e) => e.loaded);
    expect(uploading.some((loaded) => loaded % (5 * MIB) !== 0)).toBe(true);
    expect(uploading).toEqual([...uploading].sort((a, b) => a - b));
    expect(uploading.at(-1)).toBe(15 * MIB);
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
