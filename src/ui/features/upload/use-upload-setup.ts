import { useEffect, useState } from 'react';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { useApiClient } from '../../app/api-client-provider';
import { getMaxUploadSize } from '../../lib/api/files';
import { listStorageConfigs } from '../../lib/api/storage-configs';

/** Spec §9: 100 MB when the server cannot say. */
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type UploadSetup = { maxBytes: number; configs: StorageConfig[] };

/** What the upload form needs from the server: the size limit and the storage configs to pick from. */
export function useUploadSetup(): UploadSetup {
  const api = useApiClient();
  const [setup, setSetup] = useState<UploadSetup>({ maxBytes: DEFAULT_MAX_UPLOAD_BYTES, configs: [] });

  useEffect(() => {
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    getMaxUploadSize(api, controller.signal).then(
      (limit) => live() && setSetup((current) => ({ ...current, maxBytes: limit.max_upload_size_bytes })),
      () => undefined,
    );
    listStorageConfigs(api, controller.signal).then(
      (configs) => live() && setSetup((current) => ({ ...current, configs })),
      () => undefined,
    );
    return () => controller.abort();
  }, [api]);

  return setup;
}
