// The first start with S3_ENDPOINT, S3_BUCKET and the keys set (the compose file's several
// instances): that bucket becomes the default storage, mounted at /s3, instead of a local folder
// one instance alone could read. Later starts leave the storage configs to the administrator.
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { downloadFile } from '@shared/api/file.endpoints';
import { listMounts } from '@shared/api/mounts.endpoints';
import { listStorageConfigs } from '@shared/api/storage-config.endpoints';
import { commitUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { mountListSchema } from '@shared/api/mount.schema';
import { storageConfigListSchema } from '@shared/api/storage-config.schema';
import { commitResponseSchema, presignResponseSchema } from '@shared/api/upload.schema';
import {
  defaultLocalConfigName,
  defaultS3ConfigName,
  defaultS3MountPath,
} from '@server/modules/storage-configs/storage-bootstrap.service';
import { login } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { createTestBucket, rgwClient, rgwInfo } from '@tests/integration/support/rgw';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { fetchBytes, putTo, randomBytesOf } from './storage-harness';

async function bucketVariables(label: string) {
  const info = rgwInfo();
  return {
    S3_ENDPOINT: info.endpoint,
    S3_BUCKET: await createTestBucket(label),
    S3_ACCESS_KEY_ID: info.accessKeyId,
    S3_SECRET_ACCESS_KEY: info.secretAccessKey,
  };
}

async function configsOf(server: TestServer, token: string) {
  return expectOk(await testApi(server.baseUrl, asAdmin(token)).send(listStorageConfigs, {}), storageConfigListSchema);
}

describe('the first start with the S3_ variables', () => {
  it('makes that bucket the default storage, mounted at /s3, with its secret sealed', async () => {
    const env = { ...(await bucketVariables('bootstrap')), S3_REGION: 'us-east-1' };
    const server = await startTestServer({ env });
    try {
      const { token } = await login(server.baseUrl);
      const configs = await configsOf(server, token);
      expect(configs).toHaveLength(1);
      expect(configs[0]).toMatchObject({
        name: defaultS3ConfigName,
        driver: 's3',
        endpoint_url: env.S3_ENDPOINT,
        bucket_name: env.S3_BUCKET,
        region: 'us-east-1',
        access_key_id: env.S3_ACCESS_KEY_ID,
        has_secret: true,
        path_style: true,
        is_default: true,
        is_public: true,
      });
      const row = await server.db.selectFrom('storage_configs').selectAll().executeTakeFirstOrThrow();
      expect(row.secret_access_key_enc).not.toContain(env.S3_SECRET_ACCESS_KEY);
      expect(JSON.stringify(server.logs)).not.toContain(env.S3_SECRET_ACCESS_KEY);

      const mounts = expectOk(await testApi(server.baseUrl, asAdmin(token)).send(listMounts, {}), mountListSchema);
      expect(mounts.map((m) => [m.mount_path, m.storage_type, m.storage_config_id])).toEqual([
        [defaultS3MountPath, 's3', configs[0]?.id],
      ]);

      // An upload with no config named lands in the bucket and downloads again.
      const bytes = randomBytesOf(4096);
      const signed = expectOk(
        await testApi(server.baseUrl, asAdmin(token)).send(presignUpload, {
          body: { filename: 'first.bin', mimetype: 'application/octet-stream', size: bytes.length },
        }),
        presignResponseSchema,
        201,
      );
      expect(signed.upload_url.startsWith(`${env.S3_ENDPOINT}/${env.S3_BUCKET}/`)).toBe(true);
      const put = await putTo(signed.upload_url, bytes, signed.contentType);
      expect(put.status, put.text).toBe(200);
      const committed = expectOk(
        await testApi(server.baseUrl, asAdmin(token)).send(commitUpload, {
          body: { file_id: signed.file_id, etag: put.etag, size: bytes.length },
        }),
        commitResponseSchema,
      );
      const client = rgwClient();
      const head = await client.send(new HeadObjectCommand({ Bucket: env.S3_BUCKET, Key: committed.storage_path }));
      client.destroy();
      expect(head.ContentLength).toBe(bytes.length);
      const downloaded = await fetchBytes(
        testApi(server.baseUrl).url(downloadFile, { params: { slug: committed.slug } }),
      );
      expect(downloaded.status).toBe(200);
      expect(downloaded.bytes.equals(bytes)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('reads them on the first start only: a database that has storage keeps it', async () => {
    const first = await startTestServer();
    await first.close({ keepData: true });
    const restarted = await startTestServer({ dataDir: first.dataDir, env: await bucketVariables('later') });
    try {
      const { token } = await login(restarted.baseUrl);
      const configs = await configsOf(restarted, token);
      expect(configs.map((c) => [c.name, c.driver, c.is_default])).toEqual([[defaultLocalConfigName, 'local', true]]);
    } finally {
      await restarted.close();
    }
  });
});
