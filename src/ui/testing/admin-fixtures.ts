// Test support: admin records as the API sends them, with plain defaults a test overrides.
import type { ApiKeyView } from '@shared/api/api-key.schema';
import type { MountView } from '@shared/api/mount.schema';

export function apiKeyView(id: string, name: string, change: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id,
    name,
    key_prefix: 'cd_abc',
    key_masked: 'cd_abc…••••',
    text_permission: true,
    file_permission: false,
    mount_permission: false,
    read_only: false,
    basic_path: '/',
    expires_at: null,
    last_used_at: null,
    created_at: '2024-05-01T10:00:00Z',
    ...change,
  };
}

export function mountView(id: string, name: string, mountPath: string): MountView {
  return {
    id,
    name,
    storage_type: 's3',
    storage_config_id: 'c1',
    mount_path: mountPath,
    remark: null,
    is_active: true,
    sort_order: 0,
    cache_ttl: 300,
    created_by: 'admin:a1',
    created_at: '2024-05-01T10:00:00Z',
    updated_at: '2024-05-01T10:00:00Z',
    last_refresh_at: null,
  };
}
