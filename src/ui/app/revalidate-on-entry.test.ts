import { createMemoryHistory } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AuthActor } from '@ui/domain/session/auth-provider';
import { createI18n } from './i18n';
import { revalidateOnEntry } from './revalidate-on-entry';
import { createAppRouter } from './router';

async function startAt(path: string) {
  const router = createAppRouter(
    createI18n(window.localStorage, 'en-US'),
    createMemoryHistory({ initialEntries: [path] }),
  );
  await router.load();
  const send = vi.fn<AuthActor['send']>();
  const stop = revalidateOnEntry(router, { send });
  onTestFinished(stop);
  return { router, send, stop };
}

beforeEach(() => window.localStorage.clear());

describe('revalidateOnEntry', () => {
  it('revalidates for the auth-required route the app starts on', async () => {
    const { send } = await startAt('/upload');
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'auth.revalidate' });
  });

  it('revalidates on entering /upload, the explorer and each admin module, not elsewhere', async () => {
    const { router, send } = await startAt('/');
    expect(send).not.toHaveBeenCalled();

    await router.navigate({ to: '/upload' });
    expect(send).toHaveBeenCalledTimes(1);
    await router.navigate({ to: '/admin' });
    await router.navigate({ to: '/admin/$module', params: { module: 'settings' } });
    await router.navigate({ to: '/admin/$module', params: { module: 'key-management' } });
    expect(send).toHaveBeenCalledTimes(4);
    await router.navigate({ to: '/mount-explorer' });
    await router.navigate({ to: '/mount-explorer/$', params: { _splat: 'docs' } });
    expect(send).toHaveBeenCalledTimes(6);

    await router.navigate({ to: '/mount-explorer/$', params: { _splat: 'docs' }, search: { preview: 'a.txt' } });
    await router.navigate({ to: '/paste/$slug', params: { slug: 'abc' } });
    await router.navigate({ to: '/' });
    expect(send).toHaveBeenCalledTimes(6);
    expect(send.mock.calls.every(([event]) => event.type === 'auth.revalidate')).toBe(true);
  });

  it('stops when unsubscribed', async () => {
    const { router, send, stop } = await startAt('/');
    stop();
    await router.navigate({ to: '/upload' });
    expect(send).not.toHaveBeenCalled();
  });
});
