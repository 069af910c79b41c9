// The gallery's and grid's image thumbnails: the server's WebP thumbnail (`fs/thumbnail`, about
// 256 px, or 1024 px for the preview) asked only for the cards on screen (the views are
// virtualised), six at a time, asked again while the server makes it (202), and kept as object
// URLs for the last 500 images. Images the server makes none of (SVG, BMP, icons) keep their
// inline link from `get`; a video shows the frame its uploader's browser took, else its icon.
import { useEffect, useRef, useState } from 'react';
import type { ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import type { FsEntry } from '@shared/api/fs.schema';
import { previewKind } from '@shared/preview-kind';
import { isThumbnailableName, isVideoName } from '@shared/thumbnail-types';
import type { FsCalls } from './use-fs-calls';

const MAX_REMEMBERED = 500;
const AT_ONCE = 6;
const RETRY_MS = 2_000;
const MAX_TRIES = 30;
const remembered = new Map<string, Promise<string | null>>();

export function isImage(entry: FsEntry): boolean {
  return !entry.isDirectory && previewKind(entry.contentType ?? '', entry.name) === 'image';
}

/** A video, whose thumbnail exists only when the browser that uploaded it took a frame; else its icon. */
function isVideo(entry: FsEntry): boolean {
  return !entry.isDirectory && isVideoName(entry.name);
}

/** A small queue so a fast scroll asks at most AT_ONCE thumbnails at a time; work whose card left is dropped. */
const waiting: Array<{ run: () => Promise<void>; signal: AbortSignal }> = [];
let running = 0;
function schedule(run: () => Promise<void>, signal: AbortSignal): void {
  waiting.push({ run, signal });
  pump();
}
function pump(): void {
  while (running < AT_ONCE && waiting.length > 0) {
    const next = waiting.shift();
    if (next === undefined || next.signal.aborted) continue;
    running += 1;
    void next.run().finally(() => {
      running -= 1;
      pump();
    });
  }
}

function remember(key: string, url: Promise<string | null>): void {
  if (remembered.size >= MAX_REMEMBERED) {
    const oldest = remembered.keys().next();
    if (!oldest.done) {
      const gone = remembered.get(oldest.value);
      remembered.delete(oldest.value);
      void gone?.then((link) => link?.startsWith('blob:') && URL.revokeObjectURL(link));
    }
  }
  remembered.set(key, url);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** The thumbnail's object URL, asking again while the server makes it; null when none comes. */
function thumbnailFor(
  calls: FsCalls,
  entry: FsEntry,
  size: ThumbnailSize,
  signal: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve) => {
    const attempt = async (tries: number) => {
      const answer = await calls.thumbnail(entry.path, size, signal, entry.etag);
      if (answer === 'pending' && tries < MAX_TRIES && !signal.aborted) {
        await wait(RETRY_MS, signal);
        if (signal.aborted) resolve(null);
        else schedule(() => attempt(tries + 1), signal);
        return;
      }
      // A card that left while the bytes arrived gets no object URL: nothing would revoke it.
      resolve(answer instanceof Blob && !signal.aborted ? URL.createObjectURL(answer) : null);
    };
    schedule(() => attempt(1).catch(() => resolve(null)), signal);
    signal.addEventListener('abort', () => resolve(null));
  });
}

function inlineLink(calls: FsCalls, entry: FsEntry): Promise<string | null> {
  return calls.get(entry.path).then(
    (detail) => detail.preview_url,
    () => null,
  );
}

/**
 * Why an unfinished thumbnail is dropped: one reason for all, since an abort without one makes a
 * DOMException with the stack of the unmount, the most a fast scroll allocated per card.
 */
const CARD_LEFT = new DOMException('the card left the screen', 'AbortError');

/** One asked thumbnail: shared by the cards showing it; dropped unfinished when the last one leaves. */
type Asked = { url: Promise<string | null>; controller: AbortController; users: number; settled: boolean };
const asked = new Map<string, Asked>();

function ask(key: string, start: (signal: AbortSignal) => Promise<string | null>): Asked {
  const known = asked.get(key);
  if (known !== undefined) return known;
  const controller = new AbortController();
  const entry: Asked = { url: start(controller.signal), controller, users: 0, settled: false };
  void entry.url.then((url) => {
    entry.settled = true;
    if (controller.signal.aborted) return;
    remember(key, Promise.resolve(url));
  });
  asked.set(key, entry);
  return entry;
}

/**
 * The image's thumbnail (or inline link) once known; undefined while it is asked for; null for
 * other files or when none is given.
 */
export function useThumbnail(
  calls: FsCalls,
  entry: FsEntry,
  wanted: boolean,
  size: ThumbnailSize = 'tile',
): string | null | undefined {
  const [known, setKnown] = useState<{ key: string; url: string | null } | undefined>();
  const image = wanted && (isImage(entry) || isVideo(entry));
  const key = `${entry.path}|${entry.modified ?? ''}|${entry.size ?? ''}|${entry.etag ?? ''}|${size}`;
  const current = useRef({ calls, entry });
  current.current = { calls, entry };
  useEffect(() => {
    if (!image) return;
    let live = true;
    const done = remembered.get(key);
    if (done !== undefined) {
      void done.then((url) => live && setKnown({ key, url }));
      return () => {
        live = false;
      };
    }
    const { calls: c, entry: e } = current.current;
    const job = ask(key, (signal) =>
      isThumbnailableName(e.name) || isVideo(e) ? thumbnailFor(c, e, size, signal) : inlineLink(c, e),
    );
    job.users += 1;
    void job.url.then((url) => live && setKnown({ key, url }));
    return () => {
      live = false;
      job.users -= 1;
      if (job.users === 0) {
        asked.delete(key);
        if (!job.settled) job.controller.abort(CARD_LEFT);
      }
    };
  }, [image, key, size]);
  if (!image) return null;
  return known?.key === key ? known.url : undefined;
}
