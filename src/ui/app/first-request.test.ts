import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filePreview, getPublicFile } from '@shared/api/file.endpoints';
import { viewPaste } from '@shared/api/paste.endpoints';
import { pastePageQuery } from '@shared/api/share-paths';
import { createApiClient } from '@shared/http/api-client';
import { firstRequestUrl, previewRequestUrl, startFirstRequest, withFirstRequest } from './first-request';

const empty = { getItem: () => null };
const view = {
  slug: 'note',
  content: '# hi',
  html: '<h1>hi</h1>',
  format: 'markdown',
  requiresPassword: false,
  remark: null,
  hasPassword: false,
  expiresAt: null,
  maxViews: 1,
  views: 1,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  canEdit: false,
};
const answer = (data: unknown) => Response.json({ code: 200, message: 'ok', data, success: true });

/** A network that answers every request with the paste and records what was asked. */
function network() {
  return vi.fn<typeof fetch>(async () => answer(view));
}

function clientOver(fetchImpl: typeof fetch, credentials: { scheme: 'admin'; token: string } | null = null) {
  return createApiClient({
    fetch: withFirstRequest(fetchImpl),
    baseUrl: () => '/api',
    getCredentials: () => credentials,
    onAuthExpired: () => undefined,
  });
}

function openPage(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  window.localStorage.clear();
  openPage('/');
});

describe('the first request of a page', () => {
  it('is a paste page’s view without a stored session, and a file page’s details with or without one', () => {
    expect(firstRequestUrl('/paste/a%20b', '/api', empty)).toBe('/api/paste/a%20b?render=html&reveal=ask');
    expect(firstRequestUrl('/paste/note/', 'https://files.example/api/', empty)).toBe(
      'https://files.example/api/paste/note?render=html&reveal=ask',
    );
    expect(firstRequestUrl('/file/f1', '/api', empty)).toBe('/api/public/files/f1');
    const admin = { getItem: (key: string) => (key === 'admin_token' ? 'tok' : null) };
    const apiKey = { getItem: (key: string) => (key === 'api_key' ? 'key' : null) };
    expect(firstRequestUrl('/paste/note', '/api', admin)).toBeNull();
    expect(firstRequestUrl('/paste/note', '/api', apiKey)).toBeNull();
    expect(firstRequestUrl('/file/f1', '/api', admin)).toBe('/api/public/files/f1');
  });

  it('is none on other pages or a malformed address', () => {
    for (const path of [
      '/',
      '/paste',
      '/paste/',
      '/paste/a/b',
      '/admin/pastes',
      '/mount-explorer/x',
      '/paste/%E0%A4%A',
    ]) {
      expect(firstRequestUrl(path, '/api', empty), path).toBeNull();
    }
  });

  it('is the very call the paste page makes: the client gets its answer and the view is asked for once', async () => {
    openPage('/paste/note');
    const fetchImpl = network();
    startFirstRequest(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    const client = clientOver(fetchImpl);
    expect(await client.call(viewPaste, { params: { slug: 'note' }, query: pastePageQuery })).toMatchObject({
      html: '<h1>hi</h1>',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // Handed out once: asking again (a retry) reaches the network.
    await client.call(viewPaste, { params: { slug: 'note' }, query: pastePageQuery });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('is the very call the file page makes', async () => {
    openPage('/file/f1');
    const fetchImpl = vi.fn<typeof fetch>(async () => answer({ unused: true }));
    startFirstRequest(fetchImpl);
    const client = clientOver(fetchImpl);
    await client.call(getPublicFile, { params: { slug: 'f1' }, credentials: 'none' }).catch(() => undefined);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/public/files/f1');
  });

  it('is not started for a paste when a session is stored, whose credentials the page’s call carries', () => {
    openPage('/paste/note');
    window.localStorage.setItem('admin_token', 'tok');
    const fetchImpl = network();
    startFirstRequest(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('is not handed to a call with credentials or to another address', async () => {
    openPage('/paste/note');
    const fetchImpl = network();
    startFirstRequest(fetchImpl);
    await clientOver(fetchImpl, { scheme: 'admin', token: 'tok' }).call(viewPaste, {
      params: { slug: 'note' },
      query: pastePageQuery,
    });
    await clientOver(fetchImpl).call(viewPaste, { params: { slug: 'other' }, query: pastePageQuery });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('lets the caller give up waiting for it', async () => {
    openPage('/paste/note');
    const never = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
    startFirstRequest(never);
    const controller = new AbortController();
    const call = clientOver(never).call(viewPaste, {
      params: { slug: 'note' },
      query: pastePageQuery,
      signal: controller.signal,
    });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('the file page’s preview, asked for after its details', () => {
  const details = (fields: Record<string, unknown> = {}) => ({
    data: {
      id: 'id1',
      slug: 'f1',
      filename: 'notes.md',
      mimetype: 'text/markdown',
      size: 12,
      remark: null,
      created_at: '2026-11-27T00:00:00.000Z',
      expires_at: null,
      max_views: null,
      views: 0,
      requires_password: false,
      preview_url: '/api/file-view/f1?token=tok+1',
      download_url: '/api/file-download/f1?token=tok+1',
      use_proxy: true,
      access_token: 'tok 1',
      token_expires_at: '2026-11-27T01:00:00.000Z',
      ...fields,
    },
  });
  const preview = { html: '<p>hi</p>', markdown: true, truncated: false, limit_bytes: 262144 };

  it('is asked for a text, code or Markdown file with an access token, and not otherwise', () => {
    expect(previewRequestUrl(details(), '/api/')).toBe('/api/file-preview/f1?token=tok+1');
    expect(previewRequestUrl(details({ filename: 'app.ts', mimetype: 'application/octet-stream' }), '/api')).toBe(
      '/api/file-preview/f1?token=tok+1',
    );
    expect(previewRequestUrl(details({ filename: 'a.txt', mimetype: 'text/plain' }), '/api')).toBe(
      '/api/file-preview/f1?token=tok+1',
    );
    expect(previewRequestUrl(details({ filename: 'a.png', mimetype: 'image/png' }), '/api')).toBeNull();
    expect(previewRequestUrl(details({ filename: 'a.bin', mimetype: 'application/octet-stream' }), '/api')).toBeNull();
    expect(previewRequestUrl(details({ requires_password: true, access_token: null }), '/api')).toBeNull();
    expect(previewRequestUrl(details({ access_token: null }), '/api')).toBeNull();
    // A view-limited share's preview waits for the visitor's "Show it".
    expect(previewRequestUrl(details({ max_views: 2 }), '/api')).toBeNull();
    expect(previewRequestUrl(details({ max_views: 0 }), '/api')).toBe('/api/file-preview/f1?token=tok+1');
    expect(previewRequestUrl({ code: 404, data: { error: 'NOT_FOUND' } }, '/api')).toBeNull();
    expect(previewRequestUrl(null, '/api')).toBeNull();
  });

  it('is the very call the page makes: the client gets both answers and the network is asked twice in all', async () => {
    openPage('/file/f1');
    const fetchImpl = vi.fn<typeof fetch>(async (input) =>
      answer(String(input).includes('/file-preview/') ? preview : details().data),
    );
    startFirstRequest(fetchImpl);
    const client = clientOver(fetchImpl);
    const file = await client.call(getPublicFile, { params: { slug: 'f1' }, credentials: 'none' });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    const token = file.access_token ?? '';
    expect(
      await client.call(filePreview, { params: { slug: file.slug }, query: { token }, credentials: 'none' }),
    ).toMatchObject({ html: '<p>hi</p>' });
    expect(fetchImpl.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/public/files/f1',
      '/api/file-preview/f1?token=tok+1',
    ]);
  });

  it('is not asked for when the details answer is an error', async () => {
    openPage('/file/f1');
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      Response.json({ code: 404, message: 'gone', data: { error: 'NOT_FOUND' }, success: false }, { status: 404 }),
    );
    startFirstRequest(fetchImpl);
    await clientOver(fetchImpl)
      .call(getPublicFile, { params: { slug: 'f1' }, credentials: 'none' })
      .catch(() => undefined);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
