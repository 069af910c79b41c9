import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formUpload } from '@shared/api/upload.endpoints';
import { updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { expectOk } from '@tests/integration/support/http';
import { drivers, presign, randomBytesOf, startHarness, type Harness } from './storage-harness';

describe.each(drivers)('quota reservations under parallel uploads on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const used = async () =>
    Number(
      (
        await h.server.db
          .selectFrom('files')
          .select((eb) => eb.fn.sum<number>('size').as('n'))
          .where('storage_config_id', '=', h.configId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const setQuota = async (bytes: number | null) =>
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
        params: { id: h.configId },
        body: { total_storage_bytes: bytes },
      }),
      z.unknown(),
    );

  it('lets only as many parallel presigns through as the quota holds', async () => {
    await setQuota((await used()) + 10_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => presign(h, { filename: `p${i}.bin`, size: 3_000 })),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(3);
    expect(results.filter((result) => result.status === 413)).toHaveLength(9);
    await setQuota(null);
  });

  it('lets only as many parallel form uploads through as the quota holds', async () => {
    await setQuota((await used()) + 10_000);
    const form = (i: number) => {
      const body = new FormData();
      body.set('s3_config_id', h.configId);
      body.set('file', new Blob([new Uint8Array(randomBytesOf(6_000, i + 1))]), `f${i}.bin`);
      return testApi(h.server.baseUrl, asAdmin(h.token)).send(formUpload, { body });
    };
    const statuses = (await Promise.all(Array.from({ length: 4 }, (_, i) => form(i)))).map(
      (response) => response.status,
    );
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 413)).toHaveLength(3);
    await setQuota(null);
  });
});
