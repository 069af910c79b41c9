// Where the API lives: a runtime config injected by the host page wins, then a saved setting,
// then the same origin. Configured values name the backend host; the /api prefix is added once.
export const BACKEND_URL_STORAGE_KEY = 'backend_url';
const API_PREFIX = '/api';

declare global {
  interface Window {
    appConfig?: { backendUrl?: string };
  }
}

function withApiPrefix(host: string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  return trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`;
}

export function resolveApiBaseUrl(appConfig: Window['appConfig'], storage: Pick<Storage, 'getItem'>): string {
  const configured = appConfig?.backendUrl?.trim();
  if (configured) return withApiPrefix(configured);
  const saved = storage.getItem(BACKEND_URL_STORAGE_KEY)?.trim();
  if (saved) return withApiPrefix(saved);
  return API_PREFIX;
}
