import { describe, expect, it } from 'vitest';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import {
  createRequestFrom,
  emptyStorageForm,
  storageFormFrom,
  storageProblems,
  updateRequestFrom,
} from './storage-config-form';

const filled = {
  ...emptyStorageForm,
  name: ' rgw ',
  endpoint_url: 'http://127.0.0.1:7480',
  bucket_name: 'clipdock',
  access_key_id: 'key',
  secret_access_key: 'secret',
  quotaGb: '2',
};

describe('storage config form', () => {
  it('builds a create request with the secret and the quota in bytes', () => {
    expect(storageProblems(filled, false)).toEqual({});
    expect(createRequestFrom(filled)).toMatchObject({
      driver: 's3',
      name: 'rgw',
      secret_access_key: 'secret',
      total_storage_bytes: 2 * 1024 ** 3,
      region: null,
    });
  });

  it('leaves the secret out of an edit unless one was typed', () => {
    expect(updateRequestFrom({ ...filled, secret_access_key: '' })).not.toHaveProperty('secret_access_key');
    expect(updateRequestFrom(filled)).toHaveProperty('secret_access_key', 'secret');
    expect(storageProblems({ ...filled, secret_access_key: '' }, true)).toEqual({});
    expect(storageProblems({ ...filled, secret_access_key: '' }, false)).toEqual({ secret_access_key: 'required' });
  });

  it('reports each bad field', () => {
    const problems = storageProblems(
      {
        ...emptyStorageForm,
        endpoint_url: 'ftp://x',
        default_folder: 'a/../b',
        quotaGb: '-1',
        signature_expires_in: '5',
      },
      false,
    );
    expect(problems).toEqual({
      name: 'required',
      endpoint_url: 'url',
      bucket_name: 'bucket',
      access_key_id: 'required',
      secret_access_key: 'required',
      default_folder: 'folder',
      quotaGb: 'quota',
      signature_expires_in: 'ttl',
    });
  });

  it('fills the form from a stored config without its secret', () => {
    const config: StorageConfig = {
      id: 'c1',
      name: 'rgw',
      driver: 's3',
      provider_type: 'AWS S3',
      endpoint_url: 'http://s3',
      bucket_name: 'b1',
      region: null,
      access_key_id: 'k',
      has_secret: true,
      path_style: false,
      default_folder: 'up',
      is_public: true,
      is_default: true,
      custom_host: null,
      signature_expires_in: 900,
      total_storage_bytes: null,
      used_storage_bytes: 0,
      use_proxy: false,
      created_at: '',
      updated_at: '',
      last_used_at: null,
    };
    expect(storageFormFrom(config)).toMatchObject({
      provider_type: 'AWS S3',
      secret_access_key: '',
      quotaGb: '',
      signature_expires_in: '900',
      region: '',
    });
  });
});
