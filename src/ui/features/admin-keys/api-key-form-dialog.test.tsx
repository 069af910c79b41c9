import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { apiKeyView } from '@ui/testing/admin-fixtures';
import { holdAnswers, jsonBody, sentTo, type HeldAnswers } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

/** /admin/api-keys over an in-memory list; a PUT that reuses another key's name is a 409. */
function backend(keys: ApiKeyView[], hold?: HeldAnswers) {
  const answer = (response: Response) => (hold ? hold.released.then(() => response) : response);
  return (path: string, init: RequestInit): Response | Promise<Response> | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/admin/api-keys' && init.method === 'GET') return envelope(keys);
    const at = keys.findIndex((k) => path === `/admin/api-keys/${k.id}`);
    const found = keys[at];
    if (!found || init.method !== 'PUT') return undefined;
    const body = jsonBody({ path, init });
    const change = typeof body === 'object' && body !== null ? body : {};
    const name = 'name' in change ? change.name : found.name;
    if (keys.some((k) => k.id !== found.id && k.name === name))
      return answer(failureResponse(409, 'CONFLICT', 'an API key with this name already exists'));
    const updated: ApiKeyView = { ...found, ...change, expires_at: 'expires_at' in change ? null : found.expires_at };
    keys[at] = updated;
    return answer(envelope(updated));
  };
}

const openEdit = async (name: string, editLabel = `Edit ${name}`, dialogName = 'Edit API key') => {
  fireEvent.click(await screen.findByRole('button', { name: editLabel }));
  return screen.getByRole('dialog', { name: dialogName });
};

signedInAsAdmin();

describe('API key edit dialog', () => {
  it('starts from the key as it is, without the custom key field', async () => {
    await renderApp('/admin/key-management', backend([apiKeyView('k1', 'ci runner', { basic_path: '/docs' })]));
    const dialog = await openEdit('ci runner');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('ci runner');
    expect(within(dialog).queryByLabelText('Custom key (optional)')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expiry')).toHaveValue('keep');
    expect(within(dialog).getByLabelText('Text shares')).toBeChecked();
    expect(within(dialog).getByLabelText('Files')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Read-only mount access')).toBeDisabled();
    expect(within(dialog).getByLabelText('Basic path')).toHaveValue('/docs');
  });

  it('saves the changes, busy while sending, and lists the renamed key', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp('/admin/key-management', backend([apiKeyView('k1', 'ci runner')], hold));
    const dialog = await openEdit('ci runner');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' deploy bot ' } });
    fireEvent.click(within(dialog).getByLabelText('Mount explorer'));
    fireEvent.click(within(dialog).getByLabelText('Read-only mount access'));
    fireEvent.change(within(dialog).getByLabelText('Basic path'), { target: { value: '/team//docs/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    const put = sentTo(requests, 'PUT', '/admin/api-keys/k1');
    expect(put).toHaveLength(1);
    expect(jsonBody(put[0])).toEqual({
      name: 'deploy bot',
      text_permission: true,
      file_permission: false,
      mount_permission: true,
      read_only: true,
      basic_path: '/team/docs',
    });

    hold.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'API keys' });
    expect(await within(table).findByText('deploy bot')).toBeInTheDocument();
    expect(within(table).getByText('/team/docs')).toBeInTheDocument();
  });

  it('sends a new expiry only when one is chosen', async () => {
    const { requests } = await renderApp('/admin/key-management', backend([apiKeyView('k1', 'ci runner')]));
    const dialog = await openEdit('ci runner');
    fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: 'never' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(jsonBody(sentTo(requests, 'PUT', '/admin/api-keys/k1')[0])).toMatchObject({ expires_at: 'never' });
    expect(jsonBody(sentTo(requests, 'PUT', '/admin/api-keys/k1')[0])).not.toHaveProperty('expires_in_days');
  });

  it('checks the form before sending', async () => {
    const { requests } = await renderApp('/admin/key-management', backend([apiKeyView('k1', 'ci runner')]));
    const dialog = await openEdit('ci runner');
    fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: 'custom' } });
    fireEvent.change(within(dialog).getByLabelText('Days until expiry'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Basic path'), { target: { value: 'docs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('Enter a whole number of days from 1 to 36500.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an absolute path such as / or /docs.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Days until expiry')).toHaveFocus());
    expect(sentTo(requests, 'PUT', '/admin/api-keys/k1')).toHaveLength(0);
  });

  it('shows a name another key uses on the name field, in the chosen language', async () => {
    window.localStorage.setItem('language', 'zh');
    const { requests } = await renderApp(
      '/admin/key-management',
      backend([apiKeyView('k1', 'ci runner'), apiKeyView('k2', 'backup')]),
    );
    const dialog = await openEdit('ci runner', '编辑 ci runner', '编辑 API 密钥');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'backup' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    expect(await within(dialog).findByText('已存在同名的 API 密钥。')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('名称')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('名称')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled();
    expect(sentTo(requests, 'PUT', '/admin/api-keys/k1')).toHaveLength(1);
  });
});
