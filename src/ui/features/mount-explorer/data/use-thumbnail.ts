// The gallery's image thumbnails: the file's inline link from `get`, asked only for the cards on
// screen (the views are virtualised) and remembered for a few minutes, well inside the links' life.
import { useEffect, useState } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import { previewKind } from '@shared/preview-kind';
import type { FsCalls } from './use-fs-calls';

const KEEP_MS = 5 * 60 * 1000;
const MAX_REMEMBERED = 500;
const remembered = new Map<string, { at: number; url: Promise<string | null> }>();

export function isImage(entry: FsEntry): boolean {
  return !entry.isDirectory && previewKind(entry.contentType ?? '', entry.name) === 'image';
}

function linkFor(calls: FsCalls, entry: FsEntry): Promise<string | null> {
  const key = `${entry.path}|${entry.modified ?? ''}`;
  const known = remembered.get(key);
  if (known && Date.now() - known.at < KEEP_MS) return known.url;
  const url = calls.get(entry.path).then(
    (detail) => detail.preview_url,
    () => null,
  );
  if (remembered.size >= MAX_REMEMBERED) {
    const oldest = remembered.keys().next();
    if (!oldest.done) remembered.delete(oldest.value);
  }
  remembered.set(key, { at: Date.now(), url });
  return url;
}

/** The image's inline link once known; null for other files or when none is given. */
export function useThumbnail(calls: FsCalls, entry: FsEntry, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const image = wanted && isImage(entry);
  useEffect(() => {
    if (!image) return;
    let live = true;
    void linkFor(calls, entry).then((link) => {
      if (live) setUrl(link);
    });
    return () => {
      live = false;
    };
  }, [calls, entry, image]);
  return image ? url : null;
}
