// The unfinished uploads this browser remembers, over the real local database on
// fake-indexeddb: the same file finds its upload, another does not, and old ones are forgotten.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import {
  findUnfinished,
  forgetUnfinished,
  markRunning,
  rememberUnfinished,
  watchUnfinished,
  type UnfinishedUpload,
} from './unfinished-uploads-store';

const file = { filename: 'film.mov', size: 96 * 1024 * 1024, lastModified: 1_700_000_000_000 };

afterEach(() => vi.useRealTimers());

describe('unfinished uploads', () => {
  it('are found for the same file only, replaced by a newer upload of it, and forgotten on request', async () => {
    await rememberUnfinished({ ...file, fileId: 'f1', uploadId: 'u1', startedAt: Date.now() });
    expect(await findUnfinished(file)).toMatchObject({ fileId: 'f1', uploadId: 'u1' });
    expect(await findUnfinished({ ...file, lastModified: file.lastModified + 1 })).toBeNull();
    expect(await findUnfinished({ ...file, size: file.size - 1 })).toBeNull();

    await rememberUnfinished({ ...file, fileId: 'f2', uploadId: 'u2', startedAt: Date.now() });
    expect(await findUnfinished(file)).toMatchObject({ fileId: 'f2' });
    await forgetUnfinished('f2');
    expect(await findUnfinished(file)).toBeNull();
  });

  it('are forgotten once older than the server’s pending limit', async () => {
    const startedAt = Date.now();
    await rememberUnfinished({ ...file, fileId: 'f3', uploadId: 'u3', startedAt });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(startedAt + PENDING_UPLOAD_TTL_MS + 1);
    expect(await findUnfinished(file)).toBeNull();
  });

  it('leave out an upload while this page is sending it, and list it again if it stops short', async () => {
    const other = { ...file, filename: 'other.mov' };
    await rememberUnfinished({ ...other, fileId: 'f4', uploadId: 'u4', startedAt: Date.now() });
    const seen: UnfinishedUpload[][] = [];
    const stop = watchUnfinished((list) => seen.push(list));
    try {
      await vi.waitFor(() => expect(seen.at(-1)?.map((item) => item.fileId)).toContain('f4'));
      markRunning('f4', true);
      expect(seen.at(-1)?.map((item) => item.fileId)).not.toContain('f4');
      await rememberUnfinished({ ...other, fileId: 'f4', uploadId: 'u4', startedAt: Date.now() });
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(2));
      expect(seen.at(-1)?.map((item) => item.fileId)).not.toContain('f4');
      markRunning('f4', false);
      expect(seen.at(-1)?.map((item) => item.fileId)).toContain('f4');
    } finally {
      stop();
      await forgetUnfinished('f4');
    }
  });
});
