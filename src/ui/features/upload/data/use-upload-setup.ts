// What the upload form needs from the server before a file is chosen: the size limit (asked
// without credentials, as anyone may) and the storage configs the caller may upload to.
import { useEffect, useState } from 'react';
import { listStorageConfigs } from '@shared/api/storage-config.endpoints';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { getMaxUploadSize } from '@shared/api/system.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';

/** 100 MB when the server cannot say. */
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type UploadSetup = { maxBytes: number; configs: StorageConfig[] };

export function useUploadSetup(): UploadSetup {
  const api = useApiClient();
  const [setup, setSetup] = useState<UploadSetup>({ maxBytes: DEFAULT_MAX_UPLOAD_BYTES, configs: [] });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const live = () => !signal.aborted;
    api.call(getMaxUploadSize, { credentials: 'none', signal }).then(
      (limit) => live() && setSetup((current) => ({ ...current, maxBytes: limit.max_upload_size_bytes })),
      () => undefined,
    );
    api.call(listStorageConfigs, { signal }).then(
      (configs) => live() && setSetup((current) => ({ ...current, configs })),
      () => undefined,
    );
    return () => controller.abort();
  }, [api]);

  return setup;
}
