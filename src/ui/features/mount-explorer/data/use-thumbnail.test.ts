import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FsEntry } from '@shared/api/fs.schema';
import type { FsCalls } from './use-fs-calls';
import { useThumbnail } from './use-thumbnail';

const unused = () => Promise.reject(new Error('not called here'));

/** The explorer's calls, with the thumbnail answered by `thumbnail`. */
function callsWith(thumbnail: FsCalls['thumbnail']): FsCalls {
  return {
    list: unused,
    get: unused,
    fileLink: unused,
    search: unused,
    mkdir: unused,
    rename: unused,
    remove: unused,
    batchRemove: unused,
    batchCopy: unused,
    update: unused,
    unlock: undefined,
    thumbnail,
  };
}

function photo(name: string): FsEntry {
  return {
    name,
    path: `/photos/${name}`,
    isDirectory: false,
    isMount: false,
    isVirtual: false,
    size: 1000,
    modified: '2026-11-29T00:00:00.000Z',
    etag: '"e"',
    contentType: 'image/jpeg',
    mount_id: 'm',
    storage_type: 's3',
  };
}

describe('useThumbnail', () => {
  const live = new Set<string>();
  let made = 0;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    URL.createObjectURL = () => {
      made += 1;
      const url = `blob:test/${made}`;
      live.add(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void live.delete(url);
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('shows the thumbnail as an object URL', async () => {
    const calls = callsWith(() => Promise.resolve(new Blob(['webp'])));
    const { result } = renderHook(() => useThumbnail(calls, photo('shown.jpg'), true));
    await waitFor(() => expect(result.current).toMatch(/^blob:test\//));
  });

  it('makes no object URL for a card that left as its bytes arrived (none would ever be revoked)', async () => {
    const before = live.size;
    let leave: () => void = () => undefined;
    let left = false;
    const calls = callsWith(
      () =>
        new Promise((resolve) => {
          // The answer and the card leaving the view in the same task, before the answer is read.
          setTimeout(() => {
            resolve(new Blob(['webp']));
            leave();
            left = true;
          }, 0);
        }),
    );
    const { unmount } = renderHook(() => useThumbnail(calls, photo('left.jpg'), true));
    leave = unmount;
    // waitFor looks again in a later task: the answer's reading (microtasks) is over by then.
    await waitFor(() => expect(left).toBe(true));
    expect(live.size).toBe(before);
  });
});
