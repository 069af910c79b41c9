import { z } from 'zod';
import {
  mountListSchema,
  mountViewSchema,
  type CreateMountRequest,
  type MountView,
  type UpdateMountRequest,
} from '@shared/api/mount.schema';
import type { ApiClient } from '../api-client';

const noData = z.unknown();

export function listMounts(api: ApiClient, signal?: AbortSignal): Promise<MountView[]> {
  return api.request('/admin/mounts', { schema: mountListSchema, signal });
}

export function createMount(api: ApiClient, body: CreateMountRequest, signal?: AbortSignal): Promise<MountView> {
  return api.request('/admin/mounts', { method: 'POST', body, schema: mountViewSchema, signal });
}

export function updateMount(api: ApiClient, id: string, body: UpdateMountRequest, signal?: AbortSignal): Promise<MountView> {
  return api.request(`/admin/mounts/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: mountViewSchema, signal });
}

export async function deleteMount(api: ApiClient, id: string, signal?: AbortSignal): Promise<void> {
  await api.request(`/admin/mounts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noData, signal });
}
