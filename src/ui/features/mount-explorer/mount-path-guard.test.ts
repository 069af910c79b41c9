import { createMemoryHistory } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredSession } from '@machines/auth-storage';
import { createI18n } from '@ui/app/i18n';
import { createAppRouter } from '@ui/app/router';
import { mountPathRedirect } from './mount-path-guard';

const key = (basicPath: string, mount = true): StoredSession => ({
  kind: 'apikey',
  apiKey: 'key-1',
  permissions: { text: false, file: false, mount },
  keyInfo: { id: 'k1', name: 'ci key', basic_path: basicPath, read_only: false },
});

describe('mountPathRedirect', () => {
  it('lets a key open its basic path and everything below it by whole segments', () => {
    expect(mountPathRedirect(key('/docs'), '/docs')).toBeNull();
    expect(mountPathRedirect(key('/docs'), '/docs/team/2024')).toBeNull();
    expect(mountPathRedirect(key('/docs/'), '/docs/')).toBeNull();
    expect(mountPathRedirect(key('/docs'), '/docs/team/../notes')).toBeNull();
  });

  it('sends a key that opens an ancestor of its basic path to the basic path', () => {
    expect(mountPathRedirect(key('/docs/team'), '/')).toBe('/docs/team');
    expect(mountPathRedirect(key('/docs/team'), '/docs')).toBe('/docs/team');
    expect(mountPathRedirect(key('/docs/team/'), '/docs/')).toBe('/docs/team');
  });

  it('sends a key elsewhere back to its basic path', () => {
    expect(mountPathRedirect(key('/docs'), '/photos')).toBe('/docs');
    expect(mountPathRedirect(key('/docs'), '/docs-private')).toBe('/docs');
    expect(mountPathRedirect(key('/docs/team'), '/docs/other')).toBe('/docs/team');
    expect(mountPathRedirect(key('/docs/'), '/docs/../etc')).toBe('/docs');
    expect(mountPathRedirect(key('/docs'), '/docs/%2e%2e/secret')).toBe('/docs');
    expect(mountPathRedirect(key('/docs'), '/docs%2fx')).toBe('/docs');
  });

  it('leaves admins, visitors, keys without mount permission and root keys alone', () => {
    expect(mountPathRedirect({ kind: 'admin', adminToken: 'tok-1' }, '/anything')).toBeNull();
    expect(mountPathRedirect({ kind: 'none' }, '/anything')).toBeNull();
    expect(mountPathRedirect(key('/docs', false), '/photos')).toBeNull();
    expect(mountPathRedirect(key('/'), '/photos/x')).toBeNull();
    expect(
      mountPathRedirect({ kind: 'apikey', apiKey: 'key-1', permissions: null, keyInfo: null }, '/photos'),
    ).toBeNull();
  });
});

describe('the explorer routes guard', () => {
  function storeKey(basicPath: string, mount = true) {
    window.localStorage.setItem('api_key', 'key-1');
    window.localStorage.setItem('api_key_permissions', JSON.stringify({ text: false, file: false, mount }));
    window.localStorage.setItem(
      'api_key_info',
      JSON.stringify({ id: 'k1', name: 'ci key', basic_path: basicPath, read_only: false }),
    );
  }

  async function open(path: string): Promise<string> {
    const router = createAppRouter(
      createI18n(window.localStorage, 'en-US'),
      createMemoryHistory({ initialEntries: [path] }),
    );
    await router.load();
    return router.state.location.pathname;
  }

  beforeEach(() => window.localStorage.clear());

  it('redirects a stored key from outside its basic path, including the explorer root, before the screen loads', async () => {
    storeKey('/docs/team');
    expect(await open('/mount-explorer/photos')).toBe('/mount-explorer/docs/team');
    expect(await open('/mount-explorer/docs')).toBe('/mount-explorer/docs/team');
    expect(await open('/mount-explorer')).toBe('/mount-explorer/docs/team');
  });

  it('opens paths inside the basic path, and any path for others', async () => {
    storeKey('/docs');
    expect(await open('/mount-explorer/docs/2024')).toBe('/mount-explorer/docs/2024');
    window.localStorage.clear();
    expect(await open('/mount-explorer/photos')).toBe('/mount-explorer/photos');
    window.localStorage.setItem('admin_token', 'tok-1');
    expect(await open('/mount-explorer/photos')).toBe('/mount-explorer/photos');
  });
});
