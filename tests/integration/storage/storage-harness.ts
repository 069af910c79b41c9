// One running server per driver under test: the built-in local config, or an S3 config on a
// fresh radosgw bucket. Helpers drive the real HTTP flows (presign → PUT → commit, downloads).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { adminFileEndpoints, downloadFile, viewFile } from '@shared/api/file.endpoints';
import { createStorageConfig } from '@shared/api/storage-config.endpoints';
import { commitUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { storageConfigSchema } from '@shared/api/storage-config.schema';
import {
  commitResponseSchema,
  presignResponseSchema,
  type CommitResponse,
  type PresignResponse,
  type UploadShareOptions,
} from '@shared/api/upload.schema';
import { StorageConfigRepo } from '@server/modules/storage-configs/storage-config.repo';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { systemClock } from '@server/lib/clock';
import type { StorageDriver } from '@server/storage/storage-driver';
import { createStorageRegistry, type StorageRegistry } from '@server/storage/storage-registry';
import { login } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { createTestBucket, rgwInfo } from '@tests/integration/support/rgw';
import { startTestServer, type TestServer, type TestServerOptions } from '@tests/integration/support/test-server';

export type DriverName = 'local' | 's3';
export const drivers: DriverName[] = ['local', 's3'];

export type Harness = {
  name: DriverName;
  server: TestServer;
  token: string;
  configId: string;
  storage: StorageRegistry;
  config(): Promise<StorageConfigRow>;
  driver(): Promise<StorageDriver>;
  close(): Promise<void>;
};

export function s3ConfigInput(bucket: string) {
  const info = rgwInfo();
  return {
    name: `rgw ${bucket}`,
    provider_type: 'Other S3 Compatible' as const,
    endpoint_url: info.endpoint,
    bucket_name: bucket,
    region: 'us-east-1',
    access_key_id: info.accessKeyId,
    secret_access_key: info.secretAccessKey,
    path_style: true,
    is_public: true,
  };
}

export async function startHarness(name: DriverName, options: TestServerOptions = {}): Promise<Harness> {
  const server = await startTestServer(options);
  const { token } = await login(server.baseUrl);
  const repo = new StorageConfigRepo(server.db);
  let configId: string;
  if (name === 'local') {
    configId = (await repo.findDefault())?.id ?? '';
  } else {
    const bucket = await createTestBucket('clipdock-it');
    configId = expectOk(
      await testApi(server.baseUrl, asAdmin(token)).send(createStorageConfig, { body: s3ConfigInput(bucket) }),
      storageConfigSchema,
      201,
    ).id;
  }
  const encryptionSecret = (await readFile(join(server.dataDir, 'encryption.key'), 'utf8')).trim();
  const storage = createStorageRegistry({ blobDir: join(server.dataDir, 'blobs'), encryptionSecret }, systemClock);
  const config = async () => {
    const row = await repo.findById(configId);
    if (row === undefined) throw new Error('config vanished');
    return row;
  };
  return {
    name,
    server,
    token,
    configId,
    storage,
    config,
    driver: async () => storage.driverFor(await config()),
    close: () => server.close(),
  };
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function randomBytesOf(size: number, seed = 7): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >>> 16;
  }
  return out;
}

export async function putTo(url: string, body: Uint8Array | string, contentType?: string) {
  const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
  const response = await fetch(url, {
    method: 'PUT',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag') ?? '', text };
}

export type PresignInput = { filename: string; size: number; mimetype?: string; slug?: string; path?: string };

export async function presign(
  h: Harness,
  input: PresignInput,
  auth: { token?: string; apiKey?: string } = { token: h.token },
) {
  const credentials = auth.apiKey !== undefined ? asApiKey(auth.apiKey) : asAdmin(auth.token ?? h.token);
  return testApi(h.server.baseUrl, credentials).send(presignUpload, {
    body: { s3_config_id: h.configId, ...input, mimetype: input.mimetype ?? 'application/octet-stream' },
  });
}

/** presign → PUT → commit, all over real HTTP. */
export async function uploadFile(
  h: Harness,
  filename: string,
  bytes: Uint8Array,
  share: UploadShareOptions & { mimetype?: string } = {},
): Promise<CommitResponse> {
  const { mimetype, ...options } = share;
  const signed: PresignResponse = expectOk(
    await presign(h, { filename, size: bytes.length, mimetype }),
    presignResponseSchema,
    201,
  );
  const put = await putTo(signed.upload_url, bytes, signed.contentType);
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${put.text}`);
  const json = { file_id: signed.file_id, etag: put.etag, size: bytes.length, ...options };
  return expectOk(
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(commitUpload, { body: json }),
    commitResponseSchema,
  );
}

export async function fetchBytes(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

export async function download(
  h: Harness,
  slug: string,
  kind: 'view' | 'download' = 'download',
  init: RequestInit = {},
  query = '',
) {
  const address = testApi(h.server.baseUrl).url(kind === 'view' ? viewFile : downloadFile, { params: { slug } });
  return fetchBytes(`${address}${query}`, init);
}

export async function setUseProxy(h: Harness, fileId: string, useProxy: boolean): Promise<void> {
  expectOk(
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFileEndpoints.update, {
      params: { id: fileId },
      body: { use_proxy: useProxy },
    }),
    z.unknown(),
  );
}
