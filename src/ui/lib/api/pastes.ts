// One function per paste endpoint. Management calls take a scope: the admin reaches every paste
// under /admin/pastes, an API key only its own under /user/pastes (spec §7).
import {
  adminPasteListSchema,
  deletedCountSchema,
  pasteCreateResultSchema,
  pasteDetailSchema,
  pasteViewSchema,
  userPasteListSchema,
  type AdminPasteList,
  type DeletedCount,
  type PasteCreateInput,
  type PasteCreateResult,
  type PasteDetail,
  type PasteUpdateInput,
  type PasteView,
  type UserPasteList,
} from '@shared/api/paste.schema';
import type { ApiClient } from '../api-client';

export type PasteScope = 'admin' | 'user';

const basePath = (scope: PasteScope) => (scope === 'admin' ? '/admin/pastes' : '/user/pastes');
const itemPath = (scope: PasteScope, id: string) => `${basePath(scope)}/${encodeURIComponent(id)}`;
const slugPath = (slug: string) => `/paste/${encodeURIComponent(slug)}`;

/** A retry with the same Idempotency-Key gets the first answer instead of creating a second paste. */
export function createPaste(api: ApiClient, input: PasteCreateInput, idempotencyKey: string, signal?: AbortSignal): Promise<PasteCreateResult> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return api.request('/paste', { method: 'POST', body: input, headers, schema: pasteCreateResultSchema, signal });
}

export function viewPaste(api: ApiClient, slug: string, signal?: AbortSignal): Promise<PasteView> {
  return api.request(slugPath(slug), { schema: pasteViewSchema, signal });
}

export function unlockPaste(api: ApiClient, slug: string, password: string, signal?: AbortSignal): Promise<PasteView> {
  return api.request(slugPath(slug), {
    method: 'POST',
    body: { password },
    schema: pasteViewSchema,
    purpose: 'password-verify',
    signal,
  });
}

/** The raw text address; a protected paste needs the short-lived token from the unlock answer. */
export function rawPasteUrl(apiBaseUrl: string, slug: string, rawToken?: string): string {
  const query = rawToken === undefined ? '' : `?${new URLSearchParams({ token: rawToken }).toString()}`;
  return `${apiBaseUrl}/raw/${encodeURIComponent(slug)}${query}`;
}

export function listAdminPastes(api: ApiClient, page: number, limit: number, signal?: AbortSignal): Promise<AdminPasteList> {
  return api.request('/admin/pastes', { query: { page, limit }, schema: adminPasteListSchema, signal });
}

export function listUserPastes(api: ApiClient, offset: number, limit: number, signal?: AbortSignal): Promise<UserPasteList> {
  return api.request('/user/pastes', { query: { limit, offset }, schema: userPasteListSchema, signal });
}

export function getPaste(api: ApiClient, scope: PasteScope, id: string, signal?: AbortSignal): Promise<PasteDetail> {
  return api.request(itemPath(scope, id), { schema: pasteDetailSchema, signal });
}

export function updatePaste(api: ApiClient, scope: PasteScope, id: string, input: PasteUpdateInput): Promise<PasteDetail> {
  return api.request(itemPath(scope, id), { method: 'PUT', body: input, schema: pasteDetailSchema });
}

export function deletePaste(api: ApiClient, scope: PasteScope, id: string): Promise<DeletedCount> {
  return api.request(itemPath(scope, id), { method: 'DELETE', schema: deletedCountSchema });
}

export function deletePastes(api: ApiClient, scope: PasteScope, ids: string[]): Promise<DeletedCount> {
  return api.request(`${basePath(scope)}/batch-delete`, { method: 'POST', body: { ids }, schema: deletedCountSchema });
}

/** Admin only: removes every expired or used-up paste. */
export function clearExpiredPastes(api: ApiClient): Promise<DeletedCount> {
  return api.request('/admin/pastes/clear-expired', { method: 'POST', body: {}, schema: deletedCountSchema });
}
