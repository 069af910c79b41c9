// One function per file-share endpoint (spec §7). Management calls take a scope: the admin reaches
// every file under /admin/files, an API key only its own under /user/files.
import { z } from 'zod';
import {
  batchDeleteFilesResponseSchema,
  fileListSchema,
  fileRecordSchema,
  officePreviewSchema,
  publicFileSchema,
  verifiedFileSchema,
  type FileList,
  type FileRecord,
  type OfficePreview,
  type OfficeProvider,
  type PublicFile,
  type UpdateFileRequest,
  type VerifiedFile,
} from '@shared/api/file-share.schema';
import { maxUploadSizeSchema, type MaxUploadSize } from '@shared/api/settings.schema';
import type { ApiClient } from '../api-client';

export type FileScope = 'admin' | 'user';

const noData = z.unknown();
const basePath = (scope: FileScope) => (scope === 'admin' ? '/admin/files' : '/user/files');
const itemPath = (scope: FileScope, id: string) => `${basePath(scope)}/${encodeURIComponent(id)}`;
const publicPath = (slug: string) => `/public/files/${encodeURIComponent(slug)}`;

export function getMaxUploadSize(api: ApiClient, signal?: AbortSignal): Promise<MaxUploadSize> {
  return api.request('/system/max-upload-size', { schema: maxUploadSizeSchema, credentials: 'none', signal });
}

export function getPublicFile(api: ApiClient, slug: string, signal?: AbortSignal): Promise<PublicFile> {
  return api.request(publicPath(slug), { schema: publicFileSchema, credentials: 'none', signal });
}

/** The password travels only in this body; the answer's links carry a short-lived token instead. */
export function verifyFilePassword(api: ApiClient, slug: string, password: string, signal?: AbortSignal): Promise<VerifiedFile> {
  return api.request(`${publicPath(slug)}/verify`, {
    method: 'POST',
    body: { password },
    schema: verifiedFileSchema,
    purpose: 'password-verify',
    credentials: 'none',
    signal,
  });
}

export function getOfficePreview(
  api: ApiClient,
  slug: string,
  provider: OfficeProvider,
  token: string | undefined,
  signal?: AbortSignal,
): Promise<OfficePreview> {
  return api.request(`/office-preview/${encodeURIComponent(slug)}`, {
    query: { provider, token },
    schema: officePreviewSchema,
    credentials: 'none',
    signal,
  });
}

export function listFiles(api: ApiClient, scope: FileScope, offset: number, limit: number, signal?: AbortSignal): Promise<FileList> {
  return api.request(basePath(scope), { query: { limit, offset }, schema: fileListSchema, signal });
}

export function updateFile(api: ApiClient, scope: FileScope, id: string, body: UpdateFileRequest): Promise<FileRecord> {
  return api.request(itemPath(scope, id), { method: 'PUT', body, schema: fileRecordSchema });
}

export async function deleteFile(api: ApiClient, scope: FileScope, id: string): Promise<void> {
  await api.request(itemPath(scope, id), { method: 'DELETE', schema: noData });
}

export function deleteFiles(api: ApiClient, scope: FileScope, ids: string[]): Promise<{ deleted: number }> {
  return api.request(`${basePath(scope)}/batch-delete`, { method: 'POST', body: { ids }, schema: batchDeleteFilesResponseSchema });
}

/** A link the server gave (often `/api/…`), made absolute against a backend on another host. */
export function serverUrl(url: string, apiBaseUrl: string): string {
  if (/^https?:\/\//i.test(url) || !/^https?:\/\//i.test(apiBaseUrl)) return url;
  return new URL(url, apiBaseUrl).href;
}

export type FileText = { text: string; truncated: boolean };

/** Reads at most `maxBytes` of a file's text through its view link, then stops the download. */
export async function readFileText(url: string, maxBytes: number, signal?: AbortSignal): Promise<FileText> {
  const response = await fetch(url, { signal });
  if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return { text: new TextDecoder().decode(bytes), truncated };
}
