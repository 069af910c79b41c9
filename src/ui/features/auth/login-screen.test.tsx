import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, failureResponse, renderApp, stubMatchMedia } from '@ui/testing/render-app';

const keyCheck = {
  name: 'ci key',
  basic_path: '/',
  permissions: { text: true, file: false, mount: false },
  key_info: { id: 'k1', name: 'ci key', basic_path: '/', read_only: false },
};

/** A server that refuses the stored credentials and every password. */
function refusingBackend(path: string): Response | undefined {
  if (path === '/test/admin-token') return failureResponse(401, 'TOKEN_EXPIRED', 'token expired');
  if (path === '/test/api-key') return failureResponse(401, 'API_KEY_INVALID', 'invalid key');
  if (path === '/admin/login') return failureResponse(401, 'INVALID_CREDENTIALS', 'invalid credentials');
  return undefined;
}

function acceptingBackend(path: string): Response | undefined {
  if (path === '/test/admin-token') return envelope({ username: 'admin' });
  if (path === '/test/api-key') return envelope(keyCheck);
  if (path === '/admin/logout') return envelope(null);
  return undefined;
}

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(cleanup);

describe('login screen after a session ends', () => {
  it('says the admin session expired when the server refuses the token, until the next attempt', async () => {
    window.localStorage.setItem('admin_token', 'tok-old');
    await renderApp('/admin', refusingBackend);
    const notice = await screen.findByText('Admin session expired, please log in again.');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(window.localStorage.getItem('admin_token')).toBeNull();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    expect(screen.queryByText('Admin session expired, please log in again.')).not.toBeInTheDocument();
  });

  it('says so in Chinese when the language is Chinese', async () => {
    window.localStorage.setItem('language', 'zh');
    window.localStorage.setItem('admin_token', 'tok-old');
    await renderApp('/admin', refusingBackend);
    expect(await screen.findByRole('alert')).toHaveTextContent('管理员会话已过期，请重新登录。');
  });

  it('says the API key is invalid when the server refuses the stored key', async () => {
    window.localStorage.setItem('api_key', 'key-old');
    window.localStorage.setItem('api_key_permissions', JSON.stringify(keyCheck.permissions));
    await renderApp('/admin', refusingBackend);
    expect(await screen.findByRole('alert')).toHaveTextContent('API key invalid or expired.');
    expect(window.localStorage.getItem('api_key')).toBeNull();
  });

  it('says nothing after a deliberate logout', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    await renderApp('/admin', acceptingBackend);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('admin_token')).toBeNull());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('login failures', () => {
  it('tells a wrong password from a rate limit, in Chinese too', async () => {
    window.localStorage.setItem('language', 'zh');
    let answer = failureResponse(401, 'INVALID_CREDENTIALS', 'invalid username or password');
    const { requests } = await renderApp('/admin', (path) => (path === '/admin/login' ? answer : undefined));
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误。');
    expect(new Headers(requests.find((r) => r.path === '/admin/login')?.init.headers).has('Authorization')).toBe(false);

    answer = failureResponse(429, 'RATE_LIMITED', 'too many attempts');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('尝试次数过多，请稍后重试。'));
  });
});
