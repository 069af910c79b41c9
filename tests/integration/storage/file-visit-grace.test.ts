// Once a view-limited share is used up, the visit that paid may only finish what it started: for
// FILE_VISIT_GRACE_MS after paying, with at most FILE_VISIT_FULL_READS reads from byte 0 (ranged
// reads further in are free within the time). A 4th full read, or any read after the time, is 410.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicFile } from '@shared/api/file.endpoints';
import { testApi } from '@tests/integration/support/api';
import { publicFileSchema } from '@shared/api/file-share.schema';
import { FILE_VISIT_FULL_READS, FILE_VISIT_GRACE_MS } from '@server/modules/files/file-views';
import { expectOk } from '@tests/integration/support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { download, randomBytesOf, startHarness, uploadFile, type Harness } from './storage-harness';

describe('the visit that paid a one-view file', () => {
  const clock = new ManualClock(Date.now());
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('local', { clock });
  });
  afterAll(() => h.close());

  const bytes = randomBytesOf(5_000, 3);
  const visit = async () => {
    const file = await uploadFile(h, 'clip.bin', bytes, { max_views: 1 });
    const info = expectOk(
      await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: file.slug } }),
      publicFileSchema,
    );
    const query = `?token=${encodeURIComponent(info.access_token ?? '')}`;
    const read = (range?: string) =>
      download(h, file.slug, 'view', range === undefined ? {} : { headers: { range } }, query);
    return { file, read };
  };

  it('states the numbers docs/deployment.md gives', () => {
    expect(FILE_VISIT_GRACE_MS).toBe(2 * 60 * 1000);
    expect(FILE_VISIT_FULL_READS).toBe(3);
  });

  it('makes at most 3 full reads; ranged reads go on within the time', async () => {
    const { file, read } = await visit();
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.bytes.equals(bytes)).toBe(true);
    expect((await read('bytes=0-99')).status).toBe(206);
    expect((await read()).status).toBe(200);
    expect((await read('bytes=1000-1999')).status).toBe(206);
    expect((await read()).status).toBe(410);
    expect((await read('bytes=0-')).status).toBe(410);
    const seek = await read('bytes=4000-');
    expect(seek.status).toBe(206);
    expect(seek.bytes.equals(bytes.subarray(4000))).toBe(true);
    // Anyone else, with or without a token of their own, hears 410.
    expect((await download(h, file.slug, 'view')).status).toBe(410);
  });

  it('reads nothing once the time is over, full or ranged', async () => {
    const { read } = await visit();
    expect((await read()).status).toBe(200);
    clock.advance(FILE_VISIT_GRACE_MS - 1_000);
    expect((await read('bytes=100-199')).status).toBe(206);
    clock.advance(1_000);
    expect((await read('bytes=100-199')).status).toBe(410);
    expect((await read()).status).toBe(410);
  });
});
