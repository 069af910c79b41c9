// Maps a storage config row to its driver: one builder per driver kind (no factory classes),
// and one live driver per config, rebuilt when the row changes (its updated_at moves). The S3
// driver (and with it the AWS SDK) is imported the first time an S3 config is used, so a
// local-only server never loads it.
import { join } from 'node:path';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { CryptoBox } from '@server/lib/crypto-box';
import { UrlSigner } from '@server/lib/signed-url';
import { LocalDriver } from './local.driver';
import type { DriverKind, StorageDriver } from './storage-driver';
import { withOutageErrors } from './storage-outage';

export type StorageDeps = {
  blobDir: string;
  box: CryptoBox;
  blobSigner: UrlSigner;
  clock: Clock;
  /** Idle limit of a storage request (S3); the SDK's warnings go to `logger`. */
  timeoutMs?: number;
  logger?: Logger;
};

const builders = {
  local: async (config, deps) =>
    new LocalDriver({
      configId: config.id,
      root: join(deps.blobDir, config.id),
      signer: deps.blobSigner,
      now: () => deps.clock.now(),
    }),
  s3: async (config, deps) => {
    const { S3Driver } = await import('./s3.driver');
    return new S3Driver(
      {
        endpoint: config.endpoint_url ?? '',
        region: config.region ?? 'us-east-1',
        bucket: config.bucket_name ?? '',
        accessKeyId: config.access_key_id ?? '',
        secretAccessKey: config.secret_access_key_enc === null ? '' : deps.box.open(config.secret_access_key_enc),
        forcePathStyle: config.path_style === 1,
      },
      () => deps.clock.now(),
      { timeoutMs: deps.timeoutMs, logger: deps.logger },
    );
  },
} satisfies Record<DriverKind, (config: StorageConfigRow, deps: StorageDeps) => Promise<StorageDriver>>;

export class StorageRegistry {
  readonly #live = new Map<string, { version: string; driver: Promise<StorageDriver> }>();

  constructor(readonly deps: StorageDeps) {}

  driverFor(config: StorageConfigRow): Promise<StorageDriver> {
    const cached = this.#live.get(config.id);
    if (cached !== undefined && cached.version === config.updated_at) return cached.driver;
    const driver = builders[config.driver](config, this.deps).then((built) => withOutageErrors(built, config.name));
    this.#live.set(config.id, { version: config.updated_at, driver });
    driver.catch(() => {
      if (this.#live.get(config.id)?.driver === driver) this.#live.delete(config.id);
    });
    return driver;
  }

  forget(configId: string): void {
    this.#live.delete(configId);
  }
}

/** The registry for a running server: blobs under DATA_DIR/blobs, keys from ENCRYPTION_SECRET. */
export function createStorageRegistry(
  config: { blobDir: string; encryptionSecret: string; storageTimeoutMs?: number },
  clock: Clock,
  logger?: Logger,
): StorageRegistry {
  return new StorageRegistry({
    blobDir: config.blobDir,
    box: new CryptoBox(config.encryptionSecret),
    blobSigner: new UrlSigner(config.encryptionSecret, 'blob'),
    clock,
    timeoutMs: config.storageTimeoutMs,
    logger,
  });
}
