import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { apiKeyView } from '@ui/testing/admin-fixtures';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

function backend(keys: ApiKeyView[]) {
  return (path: string, init: RequestInit): Response | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/admin/api-keys' && init.method === 'POST') {
      const body: unknown = JSON.parse(String(init.body));
      const name = typeof body === 'object' && body !== null && 'name' in body ? String(body.name) : '';
      if (keys.some((k) => k.name === name))
        return failureResponse(409, 'CONFLICT', 'an API key with this name already exists');
      const created = apiKeyView('k2', name);
      keys.push(created);
      return envelope({ ...created, key: 'cd_full-secret-key' }, 201);
    }
    if (path === '/admin/api-keys') return envelope(keys);
    return undefined;
  };
}

signedInAsAdmin();

describe('API key management', () => {
  it('lists keys with their permissions as badges', async () => {
    await renderApp('/admin/key-management', backend([apiKeyView('k1', 'ci runner')]));
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('ci runner')).toBeInTheDocument();
    expect(within(table).getByText('cd_abc…••••')).toBeInTheDocument();
    expect(within(table).getByText('Text')).toHaveClass('badge');
    expect(within(table).getByText('Never')).toBeInTheDocument();
  });

  it('validates inline, shows a duplicate name from the server, then shows the new key once', async () => {
    const { requests } = await renderApp('/admin/key-management', backend([apiKeyView('k1', 'ci runner')]));
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();

    fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: 'custom' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the number of days.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(requests.filter((r) => r.init.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'ci runner' } });
    fireEvent.change(within(dialog).getByLabelText('Days until expiry'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('An API key with this name already exists.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'backup' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const created = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(created).getByLabelText('API key')).toHaveValue('cd_full-secret-key');
    expect(within(created).getByText(/won’t see this key again/)).toBeInTheDocument();
    const post = requests.filter((r) => r.init.method === 'POST').at(-1);
    expect(JSON.parse(String(post?.init.body))).toMatchObject({ name: 'backup', expires_in_days: 3, basic_path: '/' });

    fireEvent.keyDown(within(created).getByLabelText('API key'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('backup')).toBeInTheDocument();
  });

  it('shows a translated error with a retry when the list fails', async () => {
    let fail = true;
    await renderApp('/admin/key-management', (path) => {
      if (path === '/test/admin-token') return envelope({ username: 'admin' });
      if (fail) throw new TypeError('offline');
      return envelope([]);
    });
    expect(await screen.findByText('Network connection failed.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
  });
});
