import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SystemSettings } from '@shared/api/settings.schema';
import { jsonBody, sentTo } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

const settings: SystemSettings = {
  max_upload_size: 100,
  max_upload_size_unit: 'MB',
  webdav_upload_mode: 'auto',
  allow_guest_pastes: false,
  thumbnail_max_source_mb: 50,
  max_upload_size_bytes: 100 * 1024 ** 2,
};

/** The settings routes; `account` answers the account change. */
function backend(account: () => Response) {
  return (path: string, init: RequestInit): Response | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/admin/logout') return envelope(null);
    if (path === '/admin/system-settings' && init.method === 'GET') return envelope(settings);
    if (path === '/admin/system-settings' && init.method === 'PUT')
      return envelope({
        ...settings,
        max_upload_size: 2,
        max_upload_size_unit: 'GB',
        max_upload_size_bytes: 2 * 1024 ** 3,
      });
    if (path === '/admin/change-password' && init.method === 'POST') return account();
    return undefined;
  };
}

const wrongPassword = () => failureResponse(401, 'WRONG_PASSWORD', 'current password is incorrect');

type AccountLabels = { form: string; current: string; username: string; password: string; confirm: string };
const english: AccountLabels = {
  form: 'Admin account',
  current: 'Current password',
  username: 'New username',
  password: 'New password',
  confirm: 'Confirm new password',
};
const chinese: AccountLabels = {
  form: '管理员账户',
  current: '当前密码',
  username: '新用户名',
  password: '新密码',
  confirm: '确认新密码',
};

async function changeAccount(fields: { current: string; username?: string; password?: string }, labels = english) {
  const form = await screen.findByRole('form', { name: labels.form });
  fireEvent.change(within(form).getByLabelText(labels.current), { target: { value: fields.current } });
  if (fields.username)
    fireEvent.change(within(form).getByLabelText(labels.username), { target: { value: fields.username } });
  if (fields.password) {
    fireEvent.change(within(form).getByLabelText(labels.password), { target: { value: fields.password } });
    fireEvent.change(within(form).getByLabelText(labels.confirm), { target: { value: fields.password } });
  }
  fireEvent.click(within(form).getByRole('button'));
  return form;
}

signedInAsAdmin();
afterEach(() => window.sessionStorage.clear());

describe('admin account form', () => {
  it('puts a wrong current password on its field and keeps the session', async () => {
    const { requests } = await renderApp('/admin/settings', backend(wrongPassword));
    const form = await changeAccount({ current: 'not-it', password: 'new-password-1' });
    const field = within(form).getByLabelText('Current password');
    expect(await within(form).findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(jsonBody(sentTo(requests, 'POST', '/admin/change-password')[0])).toEqual({
      currentPassword: 'not-it',
      newPassword: 'new-password-1',
    });
    expect(window.localStorage.getItem('admin_token')).toBe('tok-1');
    expect(sentTo(requests, 'POST', '/admin/logout')).toHaveLength(0);
  });

  it('says so in Chinese when the language is Chinese', async () => {
    window.localStorage.setItem('language', 'zh');
    await renderApp('/admin/settings', backend(wrongPassword));
    const form = await changeAccount({ current: 'not-it', username: 'root' }, chinese);
    expect(await within(form).findByText('当前密码不正确。')).toBeInTheDocument();
  });

  it('puts a taken username on the username field', async () => {
    await renderApp(
      '/admin/settings',
      backend(() => failureResponse(409, 'CONFLICT', 'username is already taken')),
    );
    const form = await changeAccount({ current: 'secret-pw', username: 'taken' });
    expect(await within(form).findByText('This username is already taken.')).toBeInTheDocument();
    expect(within(form).getByLabelText('New username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('ends the session when the server no longer takes the token, rather than blaming the password', async () => {
    await renderApp(
      '/admin/settings',
      backend(() => failureResponse(401, 'TOKEN_EXPIRED', 'admin session expired, please log in again')),
    );
    await changeAccount({ current: 'secret-pw', username: 'root' });
    expect(await screen.findByText('Admin session expired, please log in again.')).toBeInTheDocument();
    expect(screen.queryByText('The current password is incorrect.')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('admin_token')).toBeNull();
  });

  it('shows a refusal it cannot place as the form message', async () => {
    await renderApp(
      '/admin/settings',
      backend(() => failureResponse(429, 'RATE_LIMITED', 'too many attempts')),
    );
    const form = await changeAccount({ current: 'secret-pw', username: 'root' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many attempts, try again later.');
  });

  it('ends the session after a change and says why on the login screen', async () => {
    const { requests } = await renderApp(
      '/admin/settings',
      backend(() => envelope({ username: 'root' }, 200)),
    );
    await changeAccount({ current: 'secret-pw', username: 'root' });
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').find((status) => status.textContent !== '')).toHaveTextContent(
      'The admin account was changed and every session has ended.',
    );
    await waitFor(() => expect(window.localStorage.getItem('admin_token')).toBeNull());
    expect(sentTo(requests, 'POST', '/admin/logout')).toHaveLength(0);
  });
});

describe('system settings form', () => {
  it('sends the whole form and shows what the server saved', async () => {
    const { requests } = await renderApp('/admin/settings', backend(wrongPassword));
    const size = await screen.findByLabelText('Maximum upload size');
    expect(size).toHaveValue(100);
    fireEvent.change(size, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'GB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(jsonBody(sentTo(requests, 'PUT', '/admin/system-settings')[0])).toEqual({
      max_upload_size: 2,
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'auto',
      allow_guest_pastes: false,
      thumbnail_max_source_mb: 50,
    });
  });

  it('sends the thumbnail limit, and refuses one out of range on its field', async () => {
    const { requests } = await renderApp('/admin/settings', backend(wrongPassword));
    const limit = await screen.findByLabelText('Largest image the server makes thumbnails of (MB)');
    expect(limit).toHaveValue(50);
    fireEvent.change(limit, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a whole number from 1 to 1024.')).toBeInTheDocument();
    expect(limit).toHaveFocus();
    expect(sentTo(requests, 'PUT', '/admin/system-settings')).toHaveLength(0);
    fireEvent.change(limit, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(jsonBody(sentTo(requests, 'PUT', '/admin/system-settings')[0])).toMatchObject({
      thumbnail_max_source_mb: 20,
    });
  });
});
