import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { holdAnswers, jsonBody, sentTo, type HeldAnswers } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

const config = (id: string, name: string, change: Partial<StorageConfig> = {}): StorageConfig => ({
  id,
  name,
  driver: 's3',
  provider_type: 'Other S3 Compatible',
  endpoint_url: 'https://s3.example.com',
  bucket_name: 'clip-bucket',
  region: null,
  access_key_id: 'AKIA-OLD',
  has_secret: true,
  path_style: true,
  default_folder: '',
  is_public: false,
  is_default: false,
  custom_host: null,
  signature_expires_in: 3600,
  total_storage_bytes: null,
  used_storage_bytes: 0,
  use_proxy: false,
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-01T10:00:00Z',
  last_used_at: null,
  ...change,
});

type Options = { hold?: HeldAnswers; refuseDelete?: Response };

/** /s3-configs over an in-memory list; an update keeps every field the body leaves out. */
function backend(configs: StorageConfig[], { hold, refuseDelete }: Options = {}) {
  const answer = (response: Response) => (hold ? hold.released.then(() => response) : response);
  return (path: string, init: RequestInit): Response | Promise<Response> | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/s3-configs' && init.method === 'GET') return envelope(configs);
    const at = configs.findIndex((c) => path === `/s3-configs/${c.id}`);
    const found = configs[at];
    if (!found) return undefined;
    if (init.method === 'DELETE') {
      if (refuseDelete) return answer(refuseDelete);
      configs.splice(at, 1);
      return answer(envelope({ id: found.id, deleted: true }));
    }
    if (init.method === 'PUT') {
      const body = jsonBody({ path, init });
      const change = typeof body === 'object' && body !== null ? body : {};
      const updated: StorageConfig = { ...found, ...change, has_secret: true };
      configs[at] = updated;
      return answer(envelope(updated));
    }
    return undefined;
  };
}

const openEdit = async (name: string) => {
  fireEvent.click(
    within(await screen.findByRole('table', { name: 'Storage configurations' })).getByRole('button', {
      name: `Edit ${name}`,
    }),
  );
  return screen.getByRole('dialog', { name: 'Edit storage' });
};

signedInAsAdmin();

describe('storage configuration: editing', () => {
  it('keeps the stored secret when its field is left empty, and shows the saved values', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp('/admin/storage-config', backend([config('c1', 'Backups')], { hold }));
    const dialog = await openEdit('Backups');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Backups');
    expect(within(dialog).getByLabelText('Bucket')).toHaveValue('clip-bucket');
    const secret = within(dialog).getByLabelText('Secret access key (leave empty to keep the current one)');
    expect(secret).toHaveValue('');

    fireEvent.change(within(dialog).getByLabelText('Bucket'), { target: { value: 'archive-bucket' } });
    fireEvent.change(within(dialog).getByLabelText('Quota in GB (optional)'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();

    const put = sentTo(requests, 'PUT', '/s3-configs/c1');
    expect(put).toHaveLength(1);
    expect(jsonBody(put[0])).toEqual({
      name: 'Backups',
      provider_type: 'Other S3 Compatible',
      endpoint_url: 'https://s3.example.com',
      bucket_name: 'archive-bucket',
      region: null,
      access_key_id: 'AKIA-OLD',
      path_style: true,
      default_folder: '',
      is_public: false,
      signature_expires_in: 3600,
      total_storage_bytes: 2 * 1024 ** 3,
      use_proxy: false,
    });

    hold.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('archive-bucket')).toBeInTheDocument();
    expect(sentTo(requests, 'GET', '/s3-configs').length).toBeGreaterThan(1);
  });

  it('sends a new secret when one is typed', async () => {
    const { requests } = await renderApp('/admin/storage-config', backend([config('c1', 'Backups')]));
    const dialog = await openEdit('Backups');
    fireEvent.change(within(dialog).getByLabelText('Secret access key (leave empty to keep the current one)'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(jsonBody(sentTo(requests, 'PUT', '/s3-configs/c1')[0])).toMatchObject({ secret_access_key: 'new-secret' });
  });

  it('refuses an invalid form without a request and moves focus to the first field to fix', async () => {
    const { requests } = await renderApp('/admin/storage-config', backend([config('c1', 'Backups')]));
    const dialog = await openEdit('Backups');
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 's3.example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Access key ID'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(within(dialog).getByText('Enter an http or https URL.')).toBeInTheDocument();
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Endpoint URL')).toHaveFocus());
    expect(sentTo(requests, 'PUT', '/s3-configs/c1')).toHaveLength(0);
  });
});

describe('storage configuration: deleting', () => {
  it('asks first, does nothing on cancel, and deletes on confirm with the buttons disabled meanwhile', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp(
      '/admin/storage-config',
      backend([config('c1', 'Backups'), config('c2', 'Media')], { hold }),
    );
    const list = await screen.findByRole('table', { name: 'Storage configurations' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Media' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Delete storage' });
    expect(confirm).toHaveTextContent(
      'Delete “Media”? Files stored there stay in the bucket but are no longer reachable here.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentTo(requests, 'DELETE', '/s3-configs/c2')).toHaveLength(0);

    fireEvent.click(within(list).getByRole('button', { name: 'Delete Media' }));
    confirm = screen.getByRole('alertdialog', { name: 'Delete storage' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Edit Media' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Edit Backups' })).toBeEnabled();
    expect(sentTo(requests, 'DELETE', '/s3-configs/c2')).toHaveLength(1);

    hold.release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Media')).not.toBeInTheDocument();
    expect(screen.getByText('Backups')).toBeInTheDocument();
  });

  it('says the storage is still in use, in the user’s language, and keeps it listed', async () => {
    const inUse = failureResponse(
      409,
      'CONFLICT',
      'this storage config is in use by 2 file(s) and 1 mount(s); remove them first',
    );
    await renderApp('/admin/storage-config', backend([config('c1', 'Backups')], { refuseDelete: inUse }));
    const list = await screen.findByRole('table', { name: 'Storage configurations' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Backups' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete storage' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This storage is still in use by files or mounts and cannot be deleted.',
    );
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeEnabled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByText('Backups')).toBeInTheDocument();

    fireEvent.click(within(list).getByRole('button', { name: 'Delete Backups' }));
    expect(
      within(screen.getByRole('alertdialog', { name: 'Delete storage' })).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });

  it('says so when no storage is configured', async () => {
    await renderApp('/admin/storage-config', backend([]));
    expect(
      await screen.findByText('No storage configured yet. Add an S3-compatible bucket to accept uploads.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('storage configuration: in Chinese', () => {
  it('names providers, drivers and the storage the server created at first start in Chinese', async () => {
    window.localStorage.setItem('language', 'zh');
    try {
      const local = config('c0', 'Local storage', { driver: 'local', provider_type: 'Local', is_default: true });
      await renderApp('/admin/storage-config', backend([local, config('c1', 'Backups')]));
      const table = await screen.findByRole('table', { name: '存储配置' });
      const rows = within(table).getAllByRole('row');
      expect(within(rows[1] ?? table).getByText('本地存储')).toBeInTheDocument();
      expect(within(rows[1] ?? table).getAllByText('本地')).toHaveLength(2);
      expect(within(rows[2] ?? table).getByText('其他兼容 S3 的服务')).toBeInTheDocument();
      expect(within(rows[2] ?? table).getByText('Backups')).toBeInTheDocument();
      expect(within(table).queryByText('Local storage')).toBeNull();
    } finally {
      window.localStorage.removeItem('language');
    }
  });
});
