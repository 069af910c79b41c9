// A one-view share under 20 simultaneous downloads: exactly one request gets the whole file, the
// others 410, and the share is deleted only after its bytes went out, on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRepo } from '@server/modules/files/file.repo';
import { download, drivers, randomBytesOf, sha256, startHarness, uploadFile, type Harness } from './storage-harness';

describe.each(drivers)('a one-view share on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  it('reaches exactly one of 20 concurrent downloads, whole', async () => {
    const bytes = randomBytesOf(3 * 1024 * 1024, 11);
    for (let trial = 0; trial < 3; trial += 1) {
      const file = await uploadFile(h, `once-${trial}.bin`, bytes, { max_views: 1 });
      const results = await Promise.all(Array.from({ length: 20 }, () => download(h, file.slug)));
      const served = results.filter((result) => result.status === 200);
      expect(served, `trial ${trial}: ${results.map((r) => r.status).join(',')}`).toHaveLength(1);
      expect(served[0]?.bytes.length).toBe(bytes.length);
      expect(sha256(served[0]?.bytes ?? new Uint8Array())).toBe(sha256(bytes));
      expect(results.filter((result) => result.status === 410)).toHaveLength(19);
      await expect.poll(async () => await new FileRepo(h.server.db).findById(file.id)).toBeUndefined();
      // The row goes first, then the object: wait for both.
      const driver = await h.driver();
      await expect.poll(() => driver.head(file.storage_path)).toBeNull();
    }
  });
});
