// The server calls of the storage screen: the list, the writes, the CORS fix and the test, which
// probes the storage from the server and may take far longer than an ordinary call.
import { useCallback, useMemo } from 'react';
import {
  applyStorageCors,
  createStorageConfig,
  deleteStorageConfig,
  listStorageConfigs,
  setDefaultStorageConfig,
  testStorageConfig,
  updateStorageConfig,
} from '@shared/api/storage-config.endpoints';
import type {
  ApplyCorsResponse,
  CreateS3ConfigRequest,
  StorageConfig,
  StorageTestResult,
  UpdateStorageConfigRequest,
} from '@shared/api/storage-config.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

/** Four probes against a remote bucket, each with its own time-out on the server. */
export const STORAGE_TEST_TIMEOUT_MS = 60_000;

export function useStorageConfigList(): Resource<StorageConfig[]> {
  const api = useApiClient();
  return useResource(useCallback((signal: AbortSignal) => api.call(listStorageConfigs, { signal }), [api]));
}

export function useStorageTest(id: string): Resource<StorageTestResult> {
  const api = useApiClient();
  return useResource(
    useCallback(
      (signal: AbortSignal) =>
        api.call(testStorageConfig, { params: { id }, signal, timeoutMs: STORAGE_TEST_TIMEOUT_MS }),
      [api, id],
    ),
  );
}

export type StorageConfigWrites = {
  create: (body: CreateS3ConfigRequest) => Promise<StorageConfig>;
  update: (id: string, body: UpdateStorageConfigRequest) => Promise<StorageConfig>;
  remove: (id: string) => Promise<void>;
  setDefault: (id: string) => Promise<StorageConfig>;
  /** Lets `origin` (this page's) PUT to the bucket and read the ETag. */
  applyCors: (id: string, origin: string) => Promise<ApplyCorsResponse>;
};

export function useStorageConfigWrites(): StorageConfigWrites {
  const api = useApiClient();
  return useMemo(
    () => ({
      create: (body) => api.call(createStorageConfig, { body }),
      update: (id, body) => api.call(updateStorageConfig, { params: { id }, body }),
      remove: async (id) => {
        await api.call(deleteStorageConfig, { params: { id } });
      },
      setDefault: (id) => api.call(setDefaultStorageConfig, { params: { id } }),
      applyCors: (id, origin) => api.call(applyStorageCors, { params: { id }, body: { origin } }),
    }),
    [api],
  );
}
