// The share options form of an upload tab, starting on the default storage config once the
// configs arrive (or the first one the caller may use).
import { useEffect, useState } from 'react';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { emptyUploadOptions, type UploadOptionsForm, type UploadOptionsProblems } from './upload-options';

export type UploadOptionsFormState = ReturnType<typeof useUploadOptionsForm>;

export function useUploadOptionsForm(configs: StorageConfig[]) {
  const [form, setForm] = useState<UploadOptionsForm>(emptyUploadOptions);
  const [problems, setProblems] = useState<UploadOptionsProblems>({});

  useEffect(() => {
    const preferred = configs.find((config) => config.is_default) ?? configs[0];
    if (preferred)
      setForm((current) => (current.storageConfigId === '' ? { ...current, storageConfigId: preferred.id } : current));
  }, [configs]);

  const change = (update: Partial<UploadOptionsForm>) => setForm((current) => ({ ...current, ...update }));
  return { form, change, problems, setProblems };
}
