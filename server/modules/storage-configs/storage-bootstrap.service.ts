// First start: with no storage config at all, create the embedded local one (default, public)
// and a /local mount on it, so uploads work before an administrator configures anything.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import { isoAt, type Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';

export const defaultLocalConfigName = 'Local storage';
export const defaultLocalMountPath = '/local';

export async function ensureDefaultStorage(
  repos: Pick<Repositories, 'storageConfigs'>,
  clock: Clock,
  logger: Logger,
): Promise<void> {
  const repo = repos.storageConfigs;
  if ((await repo.count()) > 0) return;
  const now = isoAt(clock);
  const id = randomUUID();
  const mount = (await repo.mountPathTaken(defaultLocalMountPath))
    ? undefined
    : {
        id: randomUUID(),
        name: 'Local',
        storage_type: 'local',
        storage_config_id: id,
        mount_path: defaultLocalMountPath,
        remark: null,
        created_by: 'system',
        created_at: now,
        updated_at: now,
        last_refresh_at: null,
      };
  await repo.insertWithMount(
    {
      id,
      name: defaultLocalConfigName,
      driver: 'local',
      provider_type: 'Local',
      endpoint_url: null,
      bucket_name: null,
      region: null,
      access_key_id: null,
      secret_access_key_enc: null,
      is_public: 1,
      is_default: 1,
      total_storage_bytes: null,
      custom_host: null,
      created_at: now,
      updated_at: now,
      last_used_at: null,
      admin_id: null,
    },
    mount,
  );
  logger.info('created the default local storage', { configId: id, mount: mount?.mount_path ?? null });
}
