// The storage form as typed values and its translation into create or update requests. The secret
// is write-only: an edit sends it only when something was typed, so the stored one stays otherwise.
import {
  providerTypes,
  SIGNATURE_EXPIRES_MAX,
  SIGNATURE_EXPIRES_MIN,
  type CreateS3ConfigRequest,
  type StorageConfig,
  type UpdateStorageConfigRequest,
} from '@shared/api/storage-config.schema';

export type ProviderType = (typeof providerTypes)[number];
export const s3ProviderTypes = providerTypes.filter((type): type is Exclude<ProviderType, 'Local'> => type !== 'Local');

export type StorageForm = {
  name: string;
  provider_type: Exclude<ProviderType, 'Local'>;
  endpoint_url: string;
  bucket_name: string;
  region: string;
  access_key_id: string;
  secret_access_key: string;
  path_style: boolean;
  default_folder: string;
  is_public: boolean;
  quotaGb: string;
  signature_expires_in: string;
  use_proxy: boolean;
};

export type StorageProblem = 'required' | 'url' | 'bucket' | 'quota' | 'ttl' | 'folder';
export type StorageProblems = Partial<Record<keyof StorageForm, StorageProblem>>;

const GB = 1024 ** 3;

export const emptyStorageForm: StorageForm = {
  name: '',
  provider_type: 'Other S3 Compatible',
  endpoint_url: '',
  bucket_name: '',
  region: '',
  access_key_id: '',
  secret_access_key: '',
  path_style: true,
  default_folder: '',
  is_public: false,
  quotaGb: '',
  signature_expires_in: '3600',
  use_proxy: false,
};

export function storageFormFrom(config: StorageConfig): StorageForm {
  return {
    name: config.name,
    provider_type: s3ProviderTypes.find((type) => type === config.provider_type) ?? 'Other S3 Compatible',
    endpoint_url: config.endpoint_url ?? '',
    bucket_name: config.bucket_name ?? '',
    region: config.region ?? '',
    access_key_id: config.access_key_id ?? '',
    secret_access_key: '',
    path_style: config.path_style,
    default_folder: config.default_folder,
    is_public: config.is_public,
    quotaGb:
      config.total_storage_bytes === null ? '' : String(Math.round((config.total_storage_bytes / GB) * 100) / 100),
    signature_expires_in: String(config.signature_expires_in),
    use_proxy: config.use_proxy,
  };
}

export function storageProblems(form: StorageForm, editing: boolean): StorageProblems {
  const problems: StorageProblems = {};
  if (form.name.trim() === '') problems.name = 'required';
  if (!/^https?:\/\/\S+$/i.test(form.endpoint_url.trim())) problems.endpoint_url = 'url';
  const bucket = form.bucket_name.trim();
  if (bucket.length < 3 || bucket.length > 63) problems.bucket_name = 'bucket';
  if (form.access_key_id.trim() === '') problems.access_key_id = 'required';
  if (!editing && form.secret_access_key === '') problems.secret_access_key = 'required';
  if (form.default_folder.split('/').some((part) => part === '.' || part === '..')) problems.default_folder = 'folder';
  const quota = Number(form.quotaGb);
  if (form.quotaGb.trim() !== '' && !(quota > 0)) problems.quotaGb = 'quota';
  const ttl = Number(form.signature_expires_in);
  if (!Number.isInteger(ttl) || ttl < SIGNATURE_EXPIRES_MIN || ttl > SIGNATURE_EXPIRES_MAX)
    problems.signature_expires_in = 'ttl';
  return problems;
}

function common(form: StorageForm) {
  return {
    name: form.name.trim(),
    provider_type: form.provider_type,
    endpoint_url: form.endpoint_url.trim(),
    bucket_name: form.bucket_name.trim(),
    region: form.region.trim() === '' ? null : form.region.trim(),
    access_key_id: form.access_key_id.trim(),
    path_style: form.path_style,
    default_folder: form.default_folder.trim(),
    is_public: form.is_public,
    signature_expires_in: Number(form.signature_expires_in),
    total_storage_bytes: form.quotaGb.trim() === '' ? null : Math.round(Number(form.quotaGb) * GB),
    use_proxy: form.use_proxy,
  };
}

export function createRequestFrom(form: StorageForm): CreateS3ConfigRequest {
  return { ...common(form), driver: 's3', secret_access_key: form.secret_access_key };
}

export function updateRequestFrom(form: StorageForm): UpdateStorageConfigRequest {
  const request: UpdateStorageConfigRequest = common(form);
  if (form.secret_access_key !== '') request.secret_access_key = form.secret_access_key;
  return request;
}
