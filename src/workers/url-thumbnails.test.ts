// What a URL upload keeps for its thumbnails as the bytes stream by: an image whole, a video the
// page can play whole up to 64 MiB and else its first 16 MiB (handed to the page for a frame),
// while the upload's own branch gets every byte; the page's answer is parsed, a failure is none.
import { describe, expect, it, vi } from 'vitest';
import type { ThumbnailBlobs } from './image-thumbnails';
import {
  checkedFrame,
  keepForThumbnails,
  type TakeFrame,
  VIDEO_START_BYTES,
  VIDEO_WHOLE_MAX_BYTES,
} from './url-thumbnails';

const MIB = 1024 * 1024;
const made: ThumbnailBlobs = {
  tile: new Blob([new Uint8Array([1])], { type: 'image/webp' }),
  large: new Blob([new Uint8Array([2])], { type: 'image/webp' }),
};

/** A stream of `count` chunks of `chunk` bytes (the same buffer each time: no memory per chunk). */
function chunks(count: number, chunk: number): ReadableStream<Uint8Array> {
  const bytes = new Uint8Array(chunk).fill(7);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === count) controller.close();
      else {
        sent += 1;
        controller.enqueue(bytes);
      }
    },
  });
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  let total = 0;
  for await (const chunk of stream) total += chunk.byteLength;
  return total;
}

describe('a URL upload keeps bytes for its thumbnails', () => {
  it('keeps a small video whole, typed, and asks the page for a frame of it', async () => {
    const takeFrame = vi.fn<TakeFrame>(async () => made);
    const kept = keepForThumbnails(
      chunks(4, 1000),
      { filename: 'clip.webm', mimetype: 'video/webm', size: 4000 },
      undefined,
      takeFrame,
    );
    expect(kept).not.toBeNull();
    if (kept === null) return;
    expect(await drain(kept.body)).toBe(4000);
    expect(await kept.thumbnails()).toBe(made);
    const [video, name] = takeFrame.mock.calls[0] ?? [];
    expect(name).toBe('clip.webm');
    expect(video).toBeInstanceOf(Blob);
    expect(video?.size).toBe(4000);
    expect(video?.type).toBe('video/webm');
  });

  it('keeps only the start of a large video, while the upload gets all of it', async () => {
    const takeFrame = vi.fn<TakeFrame>(async () => made);
    const size = VIDEO_WHOLE_MAX_BYTES + 16 * MIB;
    const kept = keepForThumbnails(
      chunks(size / (4 * MIB), 4 * MIB),
      { filename: 'long.mp4', mimetype: 'video/mp4', size },
      undefined,
      takeFrame,
    );
    if (kept === null) throw new Error('nothing kept');
    expect(await drain(kept.body)).toBe(size);
    await kept.thumbnails();
    expect(takeFrame.mock.calls[0]?.[0]?.size).toBe(VIDEO_START_BYTES);
  });

  it('keeps nothing of a video without a page to take its frame, nor of other files', () => {
    const job = { filename: 'clip.mp4', mimetype: 'video/mp4', size: 10 };
    expect(keepForThumbnails(chunks(1, 10), job, async () => made)).toBeNull();
    expect(
      keepForThumbnails(
        chunks(1, 10),
        { ...job, filename: 'notes.txt' },
        async () => made,
        async () => made,
      ),
    ).toBeNull();
  });

  it('gives none for a video cut short', async () => {
    const takeFrame = vi.fn<TakeFrame>(async () => made);
    const kept = keepForThumbnails(
      chunks(2, 1000),
      { filename: 'cut.webm', mimetype: 'video/webm', size: 4000 },
      undefined,
      takeFrame,
    );
    if (kept === null) throw new Error('nothing kept');
    await drain(kept.body);
    expect(await kept.thumbnails()).toBeNull();
    expect(takeFrame).not.toHaveBeenCalled();
  });

  it('parses the page’s answer: a page gone or a malformed answer is none', async () => {
    const video = new Blob([new Uint8Array(3)], { type: 'video/webm' });
    expect(await checkedFrame(async () => made)(video, 'a.webm')).toEqual(made);
    expect(await checkedFrame(async () => Promise.reject(new Error('page closed')))(video, 'a.webm')).toBeNull();
    expect(await checkedFrame(async () => ({ tile: 'not a blob' }))(video, 'a.webm')).toBeNull();
    expect(await checkedFrame(async () => null)(video, 'a.webm')).toBeNull();
  });
});
