// No key, path or upload id can reach outside the local driver's folder: the driver refuses
// escaping keys itself, and the upload routes refuse `..` paths before a key is ever derived.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initMultipartUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { UrlSigner } from '@server/lib/signed-url';
import { LocalDriver } from '@server/storage/local.driver';
import { StorageError } from '@server/storage/storage-driver';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { expectError } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';

const escaping = [
  '../outside.txt',
  'a/../../outside.txt',
  '/etc/passwd',
  'C:/outside.txt',
  'a//b',
  './a',
  'a/./b',
  'a\0b',
  '..',
];

describe('the local driver stays inside its folder', () => {
  let base = '';
  let driver: LocalDriver;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'clipdock-keys-'));
    await mkdir(join(base, 'root'));
    await writeFile(join(base, 'outside.txt'), 'secret');
    driver = new LocalDriver({
      configId: 'c',
      root: join(base, 'root'),
      signer: new UrlSigner('k'.repeat(32), 'blob'),
      now: Date.now,
    });
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it.each(escaping)('refuses the key %j for every operation', async (key) => {
    const refusal = { name: StorageError.name, kind: 'bad-key' };
    await expect(driver.putObject(key, Readable.from(['x']), 'text/plain')).rejects.toMatchObject(refusal);
    await expect(driver.head(key)).rejects.toMatchObject(refusal);
    await expect(
      driver.presignPut(key, { expiresIn: 60, contentType: 'text/plain', contentLength: 1 }),
    ).rejects.toMatchObject(refusal);
    await expect(driver.presignGet(key, { expiresIn: 60 })).rejects.toMatchObject(refusal);
    await expect(driver.deleteMany([key])).rejects.toMatchObject(refusal);
  });

  it('never wrote or removed anything next to its folder', async () => {
    expect((await readdir(base)).sort()).toEqual(['outside.txt', 'root']);
  });
});

describe('upload paths with .. segments', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await login(server.baseUrl)).token;
  });
  afterAll(() => server.close());

  it.each(['../../etc', 'docs/../../..', './x'])(
    'refuses path %j at presign and multipart init with 400 naming the field',
    async (path) => {
      const file = { filename: 'a.txt', mimetype: 'text/plain', size: 5, path };
      for (const endpoint of [presignUpload, initMultipartUpload]) {
        const error = expectError(
          await testApi(server.baseUrl, asAdmin(token)).send(endpoint, { body: file }),
          400,
          ErrorCode.ValidationFailed,
        );
        expect(error.message).toMatch(/path/);
      }
    },
  );

  it('turns separators in a file name into plain characters', async () => {
    const signed = await testApi(server.baseUrl, asAdmin(token)).send(presignUpload, {
      body: { filename: '../../evil.txt', mimetype: 'text/plain', size: 5 },
    });
    expect(signed.status).toBe(201);
    expect(JSON.stringify(signed.body)).toMatch(/"storage_path":"shares\/[A-Za-z0-9]{6}-\.\._\.\._evil\.txt"/);
  });
});
