// The receipt hash's checkpoints in IndexedDB (fake-indexeddb): kept by upload, found again only
// for the same file, gone once forgotten or older than the server keeps an unfinished upload.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import { checkpointKey, indexedDbCheckpoints } from './receipt-hash-checkpoints';

const file = (lastModified = 1_000) => new File([new Uint8Array(100)], 'video.bin', { lastModified });
const checkpoint = { offset: 64, state: new Uint8Array([1, 2, 3]) };

function store(now: () => number) {
  const made = indexedDbCheckpoints(indexedDB, now);
  if (made === null) throw new Error('no IndexedDB');
  return made;
}

describe('the receipt hash checkpoints', () => {
  it('gives a checkpoint back for the same upload and file only', async () => {
    const checkpoints = store(() => 5_000);
    const key = checkpointKey({ fileId: 'file-1', uploadId: 'mp-1' });
    await checkpoints.save(key, file(), checkpoint);
    expect(await checkpoints.load(key, file())).toEqual(checkpoint);
    expect(await checkpoints.load(key, file(2_000))).toBeNull();
    expect(await checkpoints.load(checkpointKey({ fileId: 'file-1', uploadId: 'mp-2' }), file())).toBeNull();
    await checkpoints.forget(key);
    expect(await checkpoints.load(key, file())).toBeNull();
  });

  it('drops checkpoints older than an unfinished upload lives', async () => {
    let now = 10_000;
    const key = checkpointKey({ fileId: 'file-2', uploadId: 'mp-2' });
    await store(() => now).save(key, file(), checkpoint);
    now += PENDING_UPLOAD_TTL_MS + 1;
    expect(await store(() => now).load(key, file())).toBeNull();
  });

  it('is absent where there is no IndexedDB', () => {
    expect(indexedDbCheckpoints(null)).toBeNull();
  });
});
