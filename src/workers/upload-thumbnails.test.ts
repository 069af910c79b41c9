// The engine's thumbnail step for share uploads (the upload page, file requests): made from the file
// after the upload's answer, one file at a time, sent with the share's id, never of an encrypted
// file, and never able to fail the upload (a decoder that throws, a refused or failing call).
import { describe, expect, it, vi } from 'vitest';
import { newSecret, toBase64Url } from '@shared/e2ee/keys';
import { sealFile } from '@shared/e2ee/share';
import { job, ok, setup, share } from '@tests/unit/support/engine-fixtures';
import type { ThumbnailBlobs } from './image-thumbnails';
import { createThumbnailLine, type ThumbnailLine } from './upload-thumbnails';

const made: ThumbnailBlobs = {
  tile: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }),
  large: new Blob([new Uint8Array([4, 5, 6, 7])], { type: 'image/webp' }),
};

describe('thumbnails of a share upload', () => {
  const line = createThumbnailLine();
  it('are made from the file being sent and sent after the commit, with the share’s id', async () => {
    const thumbnails = vi.fn(async () => made);
    const { engine, api } = setup({ thumbnails, thumbnailLine: line });
    const file = new Blob([new Uint8Array(100)], { type: 'image/jpeg' });
    const result = await engine.upload(job(100, { file, filename: 'cat.jpg' }));
    expect(result).toMatchObject({ ok: true, fileId: 'file-1' });
    // The answer comes first; the thumbnails follow in the line.
    expect(api.thumbnail).not.toHaveBeenCalled();
    await line.idle();
    expect(thumbnails).toHaveBeenCalledWith(file, 'cat.jpg');
    expect(api.thumbnail).toHaveBeenCalledWith(
      { file_id: 'file-1', tile: 'AQID', large: 'BAUGBw==' },
      expect.any(AbortSignal),
    );
    const committed = api.commit.mock.invocationCallOrder[0] ?? Infinity;
    expect(api.thumbnail.mock.invocationCallOrder[0]).toBeGreaterThan(committed);
  });

  it('never fail the upload: a decoder that throws, none made, a refused or failing call', async () => {
    const throwing = setup({ thumbnails: async () => Promise.reject(new Error('corrupt image')), thumbnailLine: line });
    expect(await throwing.engine.upload(job(10, { filename: 'bad.jpg' }))).toMatchObject({ ok: true });
    await line.idle();
    expect(throwing.api.thumbnail).not.toHaveBeenCalled();
    const none = setup({ thumbnails: async () => null, thumbnailLine: line });
    expect(await none.engine.upload(job(10, { filename: 'notes.txt' }))).toMatchObject({ ok: true });
    await line.idle();
    expect(none.api.thumbnail).not.toHaveBeenCalled();
    const refused = setup({
      thumbnails: async () => made,
      thumbnailLine: line,
      api: { thumbnail: async () => ({ ok: false, kind: 'http', status: 400, message: 'tile: not a WebP' }) },
    });
    expect(await refused.engine.upload(job(10, { filename: 'a.png' }))).toMatchObject({ ok: true });
    const failing = setup({
      thumbnails: async () => made,
      thumbnailLine: line,
      api: { thumbnail: async () => Promise.reject(new Error('boom')) },
    });
    expect(await failing.engine.upload(job(10, { filename: 'b.png' }))).toMatchObject({ ok: true });
    await line.idle();
    expect(refused.api.thumbnail).toHaveBeenCalledOnce();
    expect(failing.api.thumbnail).toHaveBeenCalledOnce();
  });

  it('are never made of an end-to-end encrypted file', async () => {
    const thumbnails = vi.fn(async () => made);
    const { engine, api } = setup({ thumbnails, thumbnailLine: line });
    const secret = newSecret();
    const plain = new Uint8Array(64);
    const { header } = await sealFile(secret, { name: 'secret.jpg', type: 'image/jpeg', size: plain.byteLength });
    const result = await engine.upload(
      job(64, { file: new Blob([plain]), filename: 'secret.jpg', e2ee: { secret: toBase64Url(secret), header } }),
    );
    expect(result).toMatchObject({ ok: true });
    await line.idle();
    expect(thumbnails).not.toHaveBeenCalled();
    expect(api.thumbnail).not.toHaveBeenCalled();
  });

  it('are not sent for an upload that failed', async () => {
    const thumbnails = vi.fn(async () => made);
    const { engine, api } = setup({
      thumbnails,
      thumbnailLine: line,
      api: { commit: async () => ({ ok: false, kind: 'http', status: 409, message: 'conflict' }) },
    });
    expect(await engine.upload(job(10, { filename: 'c.png' }))).toMatchObject({ ok: false });
    await line.idle();
    expect(api.thumbnail).not.toHaveBeenCalled();
  });
});

describe('the thumbnail line', () => {
  it('works a tenth of the time while an upload is in flight, and at full speed once none is', async () => {
    vi.useFakeTimers();
    try {
      const line = createThumbnailLine({ share: 0.1, parallel: 1, idleAfterMs: 200, now: () => Date.now() });
      const start = Date.now();
      const ran: number[] = [];
      // Each job takes 100 ms of the clock.
      const work = async () => {
        ran.push(Date.now() - start);
        vi.setSystemTime(Date.now() + 100);
      };
      const release = line.hold();
      for (let i = 0; i < 4; i += 1) line.add(work);
      await vi.advanceTimersByTimeAsync(0);
      expect(ran).toEqual([0]);
      // It then rests nine times what the job took before the next.
      await vi.advanceTimersByTimeAsync(899);
      expect(ran).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1);
      expect(ran).toEqual([0, 1000]);
      // The last upload ends in the middle of a rest: once none has started for 200 ms, the rest
      // go at once.
      release();
      release();
      await vi.advanceTimersByTimeAsync(199);
      expect(ran).toEqual([0, 1000]);
      await vi.advanceTimersByTimeAsync(1);
      await line.idle();
      expect(ran).toEqual([0, 1000, 1300, 1400]);
      // A job added long after the last one needs no rest, even while an upload is in flight.
      const again = line.hold();
      vi.setSystemTime(Date.now() + 5_000);
      line.add(work);
      await line.idle();
      expect(ran).toEqual([0, 1000, 1300, 1400, 6500]);
      again();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is held by the engine for as long as each upload is in flight', async () => {
    const line = createThumbnailLine();
    let held = 0;
    const counting: ThumbnailLine = {
      ...line,
      hold() {
        held += 1;
        const release = line.hold();
        return () => {
          held -= 1;
          release();
        };
      },
    };
    let heldAtCommit = -1;
    const { engine } = setup({
      thumbnails: async () => made,
      thumbnailLine: counting,
      api: {
        commit: async (body) => {
          heldAtCommit = held;
          return ok(share(body));
        },
      },
    });
    expect(await engine.upload(job(10, { filename: 'held.jpg' }))).toMatchObject({ ok: true });
    expect(heldAtCommit).toBe(1);
    expect(held).toBe(0);
    const failing = setup({
      thumbnailLine: counting,
      api: { commit: async () => ({ ok: false, kind: 'http', status: 409, message: 'conflict' }) },
    });
    expect(await failing.engine.upload(job(10, { filename: 'failed.jpg' }))).toMatchObject({ ok: false });
    expect(held).toBe(0);
    await line.idle();
  });

  it('runs two jobs at once when no upload is in flight, one while any is', async () => {
    // A clock that stands still: jobs take no time, so the line never rests here.
    const line = createThumbnailLine({ now: () => 0, idleAfterMs: 0 });
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const work = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        finish.set(name, resolve);
      });
    line.add(work('a'));
    line.add(work('b'));
    line.add(work('c'));
    expect(started).toEqual(['a', 'b']);
    finish.get('a')?.();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']));
    finish.get('b')?.();
    finish.get('c')?.();
    await line.idle();
    const release = line.hold();
    line.add(work('d'));
    line.add(work('e'));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    release();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    finish.get('d')?.();
    finish.get('e')?.();
    await line.idle();
  });

  it('runs one job at a time, in order, and goes on after a failure', async () => {
    const line = createThumbnailLine({ parallel: 1 });
    const log: string[] = [];
    let running = 0;
    const job =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(name);
        running -= 1;
        if (fail) throw new Error(name);
      };
    line.add(job('a'));
    line.add(job('b', true));
    line.add(job('c'));
    await line.idle();
    expect(log).toEqual(['a', 'b', 'c']);
  });
});
