import { describe, expect, it } from 'vitest';
import { BACKEND_URL_STORAGE_KEY, resolveApiBaseUrl } from './base-url';

function storageWith(value: string | null) {
  return { getItem: (key: string) => (key === BACKEND_URL_STORAGE_KEY ? value : null) };
}

describe('resolveApiBaseUrl', () => {
  it('prefers the runtime config over the stored setting', () => {
    expect(resolveApiBaseUrl({ backendUrl: 'https://api.example.com' }, storageWith('https://saved.example.com'))).toBe(
      'https://api.example.com/api',
    );
  });

  it('falls back to the stored setting, then to the same origin', () => {
    expect(resolveApiBaseUrl(undefined, storageWith('http://localhost:8787/'))).toBe('http://localhost:8787/api');
    expect(resolveApiBaseUrl({ backendUrl: '  ' }, storageWith(null))).toBe('/api');
    expect(resolveApiBaseUrl({}, storageWith(''))).toBe('/api');
  });

  it('adds the /api prefix only once', () => {
    expect(resolveApiBaseUrl({ backendUrl: 'https://h.example/api/' }, storageWith(null))).toBe(
      'https://h.example/api',
    );
  });
});
