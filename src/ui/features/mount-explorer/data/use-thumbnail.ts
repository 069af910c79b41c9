// The gallery's and grid's image thumbnails: the server's WebP thumbnail (`fs/thumbnail`, about
// 256 px, or 1024 px for the preview) asked only for the cards on screen (the views are
// virtualised), six at a time, asked again while the server makes it (202), and kept as object
// URLs for the last 500 images. Images the server makes none of (SVG, BMP, icons) keep their
// inline link from `get`.
import { useEffect, useState } from 'react';
import type { ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import type { FsEntry } from '@shared/api/fs.schema';
import { previewKind } from '@shared/preview-kind';
import { isThumbnailableName } from '@shared/thumbnail-types';
import type { FsCalls } from './use-fs-calls';

const MAX_REMEMBERED = 500;
const AT_ONCE = 6;
const RETRY_MS = 2_000;
const MAX_TRIES = 30;
const remembered = new Map<string, Promise<string | null>>();

export function isImage(entry: FsEntry): boolean {
  return !entry.isDirectory && previewKind(entry.contentType ?? '', entry.name) === 'image';
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
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
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
      const answer = await calls.thumbnail(entry.path, size, signal);
      if (answer === 'pending' && tries < MAX_TRIES && !signal.aborted) {
        await wait(RETRY_MS, signal);
        if (signal.aborted) resolve(null);
        else schedule(() => attempt(tries + 1), signal);
        return;
      }
      resolve(answer instanceof Blob ? URL.createObjectURL(answer) : null);
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

/** The image's thumbnail (or inline link) once known; null for other files or when none is given. */
export function useThumbnail(
  calls: FsCalls,
  entry: FsEntry,
  wanted: boolean,
  size: ThumbnailSize = 'tile',
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const image = wanted && isImage(entry);
  useEffect(() => {
    if (!image) return;
    const key = `${entry.path}|${entry.modified ?? ''}|${entry.size ?? ''}|${size}`;
    let known = remembered.get(key);
    const controller = new AbortController();
    if (known === undefined) {
      known = isThumbnailableName(entry.name)
        ? thumbnailFor(calls, entry, size, controller.signal)
        : inlineLink(calls, entry);
      const asked = known;
      remember(key, asked);
      // A card that left before its thumbnail came is asked again when it comes back.
      void asked.then(() => {
        if (controller.signal.aborted && remembered.get(key) === asked) remembered.delete(key);
      });
    }
    let live = true;
    void known.then((link) => {
      if (live) setUrl(link);
    });
    return () => {
      live = false;
      controller.abort();
    };
  }, [calls, entry, image, size]);
  return image ? url : null;
}
