import { z } from 'zod';
import {
  adminTokenCheckSchema,
  apiKeyCheckSchema,
  loginResponseSchema,
  type ApiKeyCheck,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
} from '@shared/api/auth.schema';
import type { ApiClient } from '../api-client';

export type AdminTokenCheck = z.infer<typeof adminTokenCheckSchema>;

const noData = z.unknown();

export function login(api: ApiClient, body: LoginRequest, signal?: AbortSignal): Promise<LoginResponse> {
  return api.request('/admin/login', { method: 'POST', body, schema: loginResponseSchema, credentials: 'none', signal });
}

export async function logout(api: ApiClient, token: string, signal?: AbortSignal): Promise<void> {
  await api.request('/admin/logout', { method: 'POST', schema: noData, credentials: { scheme: 'admin', token }, signal });
}

export function checkAdminToken(api: ApiClient, token: string, signal?: AbortSignal): Promise<AdminTokenCheck> {
  return api.request('/test/admin-token', { schema: adminTokenCheckSchema, credentials: { scheme: 'admin', token }, signal });
}

export function checkApiKey(api: ApiClient, key: string, signal?: AbortSignal): Promise<ApiKeyCheck> {
  return api.request('/test/api-key', { schema: apiKeyCheckSchema, credentials: { scheme: 'apikey', key }, signal });
}

export async function changePassword(api: ApiClient, body: ChangePasswordRequest, signal?: AbortSignal): Promise<void> {
  await api.request('/admin/change-password', { method: 'POST', body, schema: noData, purpose: 'change-password', signal });
}
