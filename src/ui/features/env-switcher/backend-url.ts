// Validation for the backend address the environment switcher stores under `backend_url`: an
// absolute http(s) URL without credentials, query or fragment, kept without a trailing slash.
export type BackendUrlResult = { ok: true; url: string } | { ok: false; error: 'required' | 'invalid' };

export function parseBackendUrl(input: string): BackendUrlResult {
  const value = input.trim();
  if (!value) return { ok: false, error: 'required' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: 'invalid' };
  }
  const plain = url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !plain) return { ok: false, error: 'invalid' };
  return { ok: true, url: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}
