// An encrypted file's lock (docs/encryption.md, "The lock"): the key check and a passphrase's
// parameters travel in the header the server stores; a protected share says them before its
// password, so a passphrase share can be asked for and checked first, and a wrong key told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '@shared/http/endpoint';
import { getPublicFile, verifyFilePassword } from '@shared/api/file.endpoints';
import { commitUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { lockedFileSchema, publicFileSchema, verifiedFileSchema } from '@shared/api/file-share.schema';
import { commitResponseSchema, presignResponseSchema } from '@shared/api/upload.schema';
import { newSecret } from '@shared/e2ee/keys';
import { keyCheck, matchesLock, newKdf } from '@shared/e2ee/lock';
import { secretFromPassphrase } from '@shared/e2ee/passphrase';
import { sealRecords } from '@shared/e2ee/records';
import { openFile, sealFile } from '@shared/e2ee/share';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { putTo, startHarness, type Harness } from './storage-harness';

describe('encrypted file locks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('local');
  });
  afterAll(async () => {
    await h.close();
  });

  async function share(
    header: BodyOf<typeof presignUpload>['e2ee'],
    records: Uint8Array<ArrayBuffer>,
    password?: string,
  ) {
    const signed = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(presignUpload, {
        body: {
          s3_config_id: h.configId,
          filename: 'x.bin',
          mimetype: 'application/octet-stream',
          size: records.length,
          e2ee: header,
        },
      }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, records, signed.contentType);
    return expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(commitUpload, {
        body: {
          file_id: signed.file_id,
          etag: put.etag,
          size: records.length,
          ...(password === undefined ? {} : { password }),
        },
      }),
      commitResponseSchema,
    );
  }

  it('keeps a passphrase file’s parameters and key check, and says them before its password', async () => {
    const kdf = newKdf({ memory: 8192, iterations: 1, parallelism: 1 });
    const secret = await secretFromPassphrase('a long enough passphrase', kdf);
    const plain = new TextEncoder().encode('passphrase file');
    const { header, recordKey } = await sealFile(
      secret,
      { name: 'p.txt', type: 'text/plain', size: plain.length },
      kdf,
    );
    const { slug } = await share(header, await sealRecords(recordKey, 0, plain, true), 'hunter22');

    const locked = expectOk(
      await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } }),
      lockedFileSchema,
    );
    expect(locked.e2eeLock).toEqual({ check: await keyCheck(secret), kdf });
    expect(await matchesLock(newSecret(), locked.e2eeLock)).toBe(false);
    expect(await matchesLock(await secretFromPassphrase('a long enough passphrase', kdf), locked.e2eeLock)).toBe(true);

    const verified = expectOk(
      await testApi(h.server.baseUrl).send(verifyFilePassword, {
        params: { slug },
        body: { password: 'hunter22' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
      verifiedFileSchema,
    );
    expect(verified.e2ee).toEqual(header);
    expect((await openFile(secret, header)).meta.name).toBe('p.txt');
  });

  it('serves the header of an unprotected share whole, and refuses a header with too costly parameters', async () => {
    const secret = newSecret();
    const plain = new TextEncoder().encode('random key file');
    const { header, recordKey } = await sealFile(secret, { name: 'k.txt', type: 'text/plain', size: plain.length });
    const records = await sealRecords(recordKey, 0, plain, true);
    const { slug } = await share(header, records);
    const open = expectOk(await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } }), publicFileSchema);
    expect(open.e2ee).toEqual(header);
    expect(open.e2ee?.check).toBe(await keyCheck(secret));

    const costly = { ...header, kdf: { ...newKdf(), m: 16 * 1024 * 1024 } };
    const refused = await testApi(h.server.baseUrl, asAdmin(h.token)).send(presignUpload, {
      body: {
        s3_config_id: h.configId,
        filename: 'x.bin',
        mimetype: 'application/octet-stream',
        size: records.length,
        e2ee: costly,
      },
    });
    expectError(refused, 400, ErrorCode.ValidationFailed);
    expect(refused.text).toContain('e2ee');
  });
});
