import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REVALIDATE_AFTER_MS } from '@shared/limits';
import { envelope, failureResponse, renderApp, stubMatchMedia } from '@ui/testing/render-app';

const keyCheck = (text: boolean, file: boolean, mount: boolean) => ({
  name: 'ci key',
  basic_path: '/',
  permissions: { text, file, mount },
  key_info: { id: 'k1', name: 'ci key', basic_path: '/', read_only: false },
});

function backend(path: string, init: RequestInit): Response | undefined {
  const auth = new Headers(init.headers).get('Authorization');
  if (path === '/admin/login') {
    const body: unknown = JSON.parse(String(init.body));
    const ok = typeof body === 'object' && body !== null && 'password' in body && body.password === 'right';
    if (!ok) return failureResponse(401, 'INVALID_CREDENTIALS', 'invalid credentials');
    return envelope({ username: 'admin', token: 'tok-1', expiresAt: '2099-01-01T00:00:00Z' });
  }
  if (path === '/admin/logout') return envelope(null);
  if (path === '/test/admin-token') return envelope({ username: 'admin' });
  if (path === '/test/api-key' && auth === 'ApiKey text-key') return envelope(keyCheck(true, false, false));
  if (path === '/test/api-key' && auth === 'ApiKey no-rights') return envelope(keyCheck(false, false, false));
  if (path === '/test/api-key') return failureResponse(401, 'API_KEY_INVALID', 'invalid key');
  return undefined;
}

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('admin panel', () => {
  it('asks for both fields before logging in', async () => {
    const { requests } = await renderApp('/admin', backend);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.path === '/admin/login')).toHaveLength(0);
  });

  it('shows invalid credentials, then opens the panel and logs out again', async () => {
    const { router } = await renderApp('/admin', backend);
    await waitFor(() => expect(document.title).toBe('Admin login · Clipdock'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid username or password.')).toHaveAttribute('role', 'alert');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(window.localStorage.getItem('admin_token')).toBe('tok-1');
    const modules = screen.getByRole('navigation', { name: 'Admin modules' });
    expect(within(modules).getAllByRole('link')).toHaveLength(9);

    fireEvent.click(within(modules).getByRole('link', { name: 'API key management' }));
    expect(await screen.findByRole('heading', { name: 'API key management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/key-management');
    await waitFor(() => expect(document.title).toBe('API key management · Clipdock'));

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(window.localStorage.getItem('admin_token')).toBeNull();
  });

  it('sends an unknown module back to /admin', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    const { router } = await renderApp('/admin/nonsense', backend);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('limits an API key to the modules it may use', async () => {
    const { router } = await renderApp('/admin', backend);
    fireEvent.click(screen.getByRole('tab', { name: 'API key' }));
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'text-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Text management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/text-management');
    const modules = screen.getByRole('navigation', { name: 'Admin modules' });
    expect(
      within(modules)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Text management']);
  });

  it('explains a rejected API key and sends a key without rights home', async () => {
    const { router } = await renderApp('/admin', backend);
    fireEvent.click(screen.getByRole('tab', { name: 'API key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter an API key.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'bogus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('API key invalid or expired.')).toHaveAttribute('role', 'alert');

    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'no-rights' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets an API-key session log out from the header, wherever the key lands', async () => {
    const { router } = await renderApp('/admin', backend);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Log out (API key)' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'API key' }));
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'no-rights' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('api_key')).toBe('no-rights');

    fireEvent.click(await within(nav).findByRole('button', { name: 'Log out (API key)' }));
    await waitFor(() => expect(window.localStorage.getItem('api_key')).toBeNull());
    expect(within(nav).queryByRole('button', { name: 'Log out (API key)' })).toBeNull();
  });

  it('revalidates a restored session on entering the panel', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    const { requests } = await renderApp('/admin', backend);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/test/admin-token'));
  });

  it('revalidates again on moving to another module once the last check is over 5 minutes old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    window.localStorage.setItem('admin_token', 'tok-1');
    const { requests } = await renderApp('/admin/settings', backend);
    const checks = () => requests.filter((r) => r.path === '/test/admin-token').length;
    await waitFor(() => expect(checks()).toBe(1));
    const modules = await screen.findByRole('navigation', { name: 'Admin modules' });

    fireEvent.click(within(modules).getByRole('link', { name: 'Text management' }));
    expect(await screen.findByRole('heading', { name: 'Text management' })).toBeInTheDocument();
    expect(checks()).toBe(1);

    vi.setSystemTime(Date.now() + AUTH_REVALIDATE_AFTER_MS + 1);
    fireEvent.click(within(modules).getByRole('link', { name: 'API key management' }));
    await waitFor(() => expect(checks()).toBe(2));
  });
});
