import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { apiKeyView } from '@ui/testing/admin-fixtures';
import { holdAnswers, jsonBody, sentTo, type HeldAnswers } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

type Options = { hold?: HeldAnswers; refuse?: Response };

/** /admin/api-keys over an in-memory list with single and batch delete. */
function backend(keys: ApiKeyView[], { hold, refuse }: Options = {}) {
  const answer = (response: Response) => (hold ? hold.released.then(() => response) : response);
  const remove = (ids: readonly unknown[]) => keys.splice(0, keys.length, ...keys.filter((k) => !ids.includes(k.id)));
  return (path: string, init: RequestInit): Response | Promise<Response> | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/admin/api-keys' && init.method === 'GET') return envelope(keys);
    if (refuse && init.method !== 'GET') return answer(refuse);
    if (path === '/admin/api-keys/batch-delete' && init.method === 'POST') {
      const body = jsonBody({ path, init });
      const ids = typeof body === 'object' && body !== null && 'ids' in body && Array.isArray(body.ids) ? body.ids : [];
      const before = keys.length;
      remove(ids);
      return answer(envelope({ deleted: before - keys.length }));
    }
    const found = keys.find((k) => path === `/admin/api-keys/${k.id}`);
    if (!found || init.method !== 'DELETE') return undefined;
    remove([found.id]);
    return answer(envelope(null));
  };
}

const three = () => [apiKeyView('k1', 'ci runner'), apiKeyView('k2', 'backup'), apiKeyView('k3', 'phone')];

signedInAsAdmin();

describe('API key delete dialog', () => {
  it('deletes the ticked keys in one batch call, busy while it runs', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp('/admin/key-management', backend(three(), { hold }));
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    fireEvent.click(within(table).getByLabelText('Select all keys'));
    fireEvent.click(within(table).getByLabelText('Select backup'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete API keys' });
    expect(confirm).toHaveTextContent('Delete 2 API keys? Anything using them stops working at once.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(jsonBody(sentTo(requests, 'POST', '/admin/api-keys/batch-delete')[0])).toEqual({ ids: ['k1', 'k3'] });

    hold.release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(table).queryByText('ci runner')).not.toBeInTheDocument();
    expect(within(table).queryByText('phone')).not.toBeInTheDocument();
    expect(within(table).getByText('backup')).toBeInTheDocument();
    expect(within(table).getByLabelText('Select backup')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    expect(sentTo(requests, 'DELETE', '/admin/api-keys/k1')).toHaveLength(0);
  });

  it('deletes a single key through its own call', async () => {
    const { requests } = await renderApp('/admin/key-management', backend(three()));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete phone' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete API key' });
    expect(confirm).toHaveTextContent('Delete “phone”? Anything using it stops working at once.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('phone')).not.toBeInTheDocument();
    expect(sentTo(requests, 'DELETE', '/admin/api-keys/k3')).toHaveLength(1);
    expect(sentTo(requests, 'POST', '/admin/api-keys/batch-delete')).toHaveLength(0);
  });

  it('keeps a key the server no longer knows and shows its reason', async () => {
    await renderApp(
      '/admin/key-management',
      backend(three(), { refuse: failureResponse(404, 'NOT_FOUND', 'API key not found') }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete phone' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete API key' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Not found, or it has expired.');
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeEnabled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('phone')).toBeInTheDocument();
  });

  it('keeps the selection and says so in the chosen language when the network fails', async () => {
    window.localStorage.setItem('language', 'zh');
    const { requests } = await renderApp('/admin/key-management', (path, init) => {
      if (path === '/test/admin-token') return envelope({ username: 'admin' });
      if (init.method === 'GET') return envelope(three());
      throw new TypeError('offline');
    });
    const table = await screen.findByRole('table', { name: 'API 密钥' });
    fireEvent.click(within(table).getByLabelText('选择 ci runner'));
    fireEvent.click(within(table).getByLabelText('选择 phone'));
    fireEvent.click(screen.getByRole('button', { name: '删除所选（2）' }));
    const confirm = screen.getByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent('网络连接失败。');
    expect(within(confirm).getByRole('button', { name: '删除' })).toBeEnabled();
    expect(sentTo(requests, 'POST', '/admin/api-keys/batch-delete')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(within(table).getByText('ci runner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除所选（2）' })).toBeInTheDocument();
  });
});
