// First start: with no storage config at all, create the default one and a mount on it, so
// uploads work before an administrator configures anything. That is the embedded local storage
// (public, mounted at /local), or, when the environment names an S3 bucket (S3_ENDPOINT and the
// rest, for several instances that must share their files), that bucket (public, mounted at /s3).
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import { isoAt, type Clock } from '@server/lib/clock';
import type { CryptoBox } from '@server/lib/crypto-box';
import type { Logger } from '@server/lib/logger';
import type { NewStorageConfig } from './storage-configs.types';

export const defaultLocalConfigName = 'Local storage';
export const defaultLocalMountPath = '/local';
export const defaultS3ConfigName = 'S3 storage';
export const defaultS3MountPath = '/s3';

/** The bucket the environment names for the first start (S3_ENDPOINT, S3_BUCKET, the keys, S3_REGION). */
export type BootstrapS3 = {
  endpoint: string;
  bucket: string;
  region: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
};

type Fields = Omit<NewStorageConfig, 'id' | 'name' | 'is_public' | 'is_default' | 'created_at' | 'updated_at'>;

const localFields: Fields = {
  driver: 'local',
  provider_type: 'Local',
  endpoint_url: null,
  bucket_name: null,
  region: null,
  access_key_id: null,
  secret_access_key_enc: null,
  total_storage_bytes: null,
  custom_host: null,
  last_used_at: null,
  admin_id: null,
};

function s3Fields(s3: BootstrapS3, box: CryptoBox): Fields {
  return {
    ...localFields,
    driver: 's3',
    provider_type: 'Other S3 Compatible',
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    region: s3.region ?? null,
    access_key_id: s3.accessKeyId,
    secret_access_key_enc: box.seal(s3.secretAccessKey),
    path_style: 1,
  };
}

export async function ensureDefaultStorage(
  repos: Pick<Repositories, 'storageConfigs'>,
  clock: Clock,
  logger: Logger,
  s3?: { bucket: BootstrapS3; box: CryptoBox },
): Promise<void> {
  const repo = repos.storageConfigs;
  if ((await repo.count()) > 0) return;
  const now = isoAt(clock);
  const id = randomUUID();
  const kind = s3 === undefined ? 'local' : 's3';
  const mountPath = s3 === undefined ? defaultLocalMountPath : defaultS3MountPath;
  const mount = (await repo.mountPathTaken(mountPath))
    ? undefined
    : {
        id: randomUUID(),
        name: s3 === undefined ? 'Local' : 'S3',
        storage_type: kind,
        storage_config_id: id,
        mount_path: mountPath,
        remark: null,
        created_by: 'system',
        created_at: now,
        updated_at: now,
        last_refresh_at: null,
      };
  await repo.insertWithMount(
    {
      ...(s3 === undefined ? localFields : s3Fields(s3.bucket, s3.box)),
      id,
      name: s3 === undefined ? defaultLocalConfigName : defaultS3ConfigName,
      is_public: 1,
      is_default: 1,
      created_at: now,
      updated_at: now,
    },
    mount,
  );
  if (s3 === undefined) {
    logger.info('created the default local storage', { configId: id, mount: mount?.mount_path ?? null });
  } else {
    logger.info('created the default S3 storage from S3_ENDPOINT and S3_BUCKET', {
      configId: id,
      endpoint: s3.bucket.endpoint,
      bucket: s3.bucket.bucket,
      mount: mount?.mount_path ?? null,
    });
  }
}
