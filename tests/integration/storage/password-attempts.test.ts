import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFilePassword } from '@shared/api/file.endpoints';
import { testApi } from '@tests/integration/support/api';
import { verifiedFileSchema } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers, startHarness, uploadFile, type Harness } from './storage-harness';

describe.each(drivers)('file password attempts on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => h.close());

  const verify = (slug: string, password: string, ip: string) =>
    testApi(h.server.baseUrl).send(verifyFilePassword, {
      params: { slug },
      body: { password },
      headers: { 'x-forwarded-for': ip },
    });
  const locked = (filename: string) => uploadFile(h, filename, Buffer.from('secret'), { password: 'the right one' });

  it('60 parallel wrong passwords run at most 10 checks; another address still gets in', async () => {
    const file = await locked('a.txt');
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => verify(file.slug, `guess ${i}`, '203.0.113.1')),
    );
    expect(results.filter((result) => result.status === 401).length).toBeLessThanOrEqual(10);
    expect(results.filter((result) => result.status === 429).length).toBeGreaterThanOrEqual(50);
    expectError(await verify(file.slug, 'the right one', '203.0.113.1'), 429, ErrorCode.RateLimited);
    expectOk(await verify(file.slug, 'the right one', '203.0.113.2'), verifiedFileSchema);
  });

  it('one address is stopped after 30 wrong passwords across files', async () => {
    const files = await Promise.all(['b.txt', 'c.txt', 'd.txt', 'e.txt'].map(locked));
    for (const file of files.slice(0, 3)) {
      for (let i = 0; i < 10; i += 1)
        expectError(await verify(file.slug, `guess ${i}`, '203.0.113.3'), 401, ErrorCode.WrongPassword);
    }
    const fourth = files[3]?.slug ?? '';
    expectError(await verify(fourth, 'the right one', '203.0.113.3'), 429, ErrorCode.RateLimited);
    expectOk(await verify(fourth, 'the right one', '203.0.113.4'), verifiedFileSchema);
  });

  it('after 10 addresses × 10 wrong passwords the guessers are stopped, and the right password from a clean address gets in', async () => {
    const file = await locked('f.txt');
    const guessers = Array.from({ length: 10 }, (_, i) => `10.0.1.${i + 1}`);
    for (const ip of guessers) {
      const results = await Promise.all(Array.from({ length: 10 }, (_, n) => verify(file.slug, `wrong ${n}`, ip)));
      expect(results.every((result) => result.status === 401)).toBe(true);
    }
    for (const ip of guessers) expectError(await verify(file.slug, 'the right one', ip), 429, ErrorCode.RateLimited);
    expectOk(await verify(file.slug, 'the right one', '10.9.9.9'), verifiedFileSchema);
    // A new address may guess once while the file is under attack, then it is stopped too.
    expectError(await verify(file.slug, 'still wrong', '10.9.9.10'), 401, ErrorCode.WrongPassword);
    expectError(await verify(file.slug, 'the right one', '10.9.9.10'), 429, ErrorCode.RateLimited);
  });
});
