import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MountView } from '@shared/api/mount.schema';
import { mountView } from '@ui/testing/admin-fixtures';
import { holdAnswers, jsonBody, sentTo, type HeldAnswers } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

const storageConfig = (id: string, name: string, driver: 's3' | 'local', isDefault: boolean) => ({
  id,
  name,
  driver,
  provider_type: driver === 'local' ? 'Local' : 'Other S3 Compatible',
  endpoint_url: null,
  bucket_name: null,
  region: null,
  access_key_id: null,
  has_secret: false,
  path_style: true,
  default_folder: '',
  is_public: false,
  is_default: isDefault,
  custom_host: null,
  signature_expires_in: 3600,
  total_storage_bytes: null,
  used_storage_bytes: 0,
  use_proxy: false,
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-01T10:00:00Z',
  last_used_at: null,
});

const configs = [storageConfig('c1', 'Bucket', 's3', true), storageConfig('c2', 'Disk', 'local', false)];

type Options = { hold?: HeldAnswers; configsAnswer?: () => Response };

/** /admin/mounts over an in-memory list; a PUT onto another mount's path is a 409. */
function backend(mounts: MountView[], { hold, configsAnswer = () => envelope(configs) }: Options = {}) {
  const answer = (response: Response) => (hold ? hold.released.then(() => response) : response);
  return (path: string, init: RequestInit): Response | Promise<Response> | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/s3-configs') return configsAnswer();
    if (path === '/admin/mounts' && init.method === 'GET') return envelope(mounts);
    const at = mounts.findIndex((m) => path === `/admin/mounts/${m.id}`);
    const found = mounts[at];
    if (!found || init.method !== 'PUT') return undefined;
    const body = jsonBody({ path, init });
    const change = typeof body === 'object' && body !== null ? body : {};
    const mountPath = 'mount_path' in change ? change.mount_path : found.mount_path;
    if (mounts.some((m) => m.id !== found.id && m.mount_path === mountPath))
      return answer(failureResponse(409, 'CONFLICT', 'another mount already uses this mount_path'));
    const updated: MountView = { ...found, ...change };
    mounts[at] = updated;
    return answer(envelope(updated));
  };
}

const openEdit = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.getByRole('dialog', { name: 'Edit mount' });
};

signedInAsAdmin();

describe('mount edit dialog', () => {
  it('sends the whole mount, busy while saving, and shows the change in the list', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp(
      '/admin/mount-management',
      backend([mountView('m1', 'Team', '/team')], { hold }),
    );
    const dialog = await openEdit('Team');
    expect(within(dialog).getByLabelText('Mount path')).toHaveValue('/team');
    await waitFor(() => expect(within(dialog).getByLabelText('Storage configuration')).toBeEnabled());
    expect(within(dialog).getByLabelText('Storage configuration')).toHaveValue('c1');

    fireEvent.change(within(dialog).getByLabelText('Storage configuration'), { target: { value: 'c2' } });
    expect(within(dialog).getByLabelText('Storage type')).toHaveValue('local');
    fireEvent.change(within(dialog).getByLabelText('Mount path'), { target: { value: ' /team/archive ' } });
    fireEvent.change(within(dialog).getByLabelText('Cache TTL (seconds)'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Sort order'), { target: { value: '-2' } });
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'old projects' } });
    fireEvent.click(within(dialog).getByLabelText('Active'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    const put = sentTo(requests, 'PUT', '/admin/mounts/m1');
    expect(put).toHaveLength(1);
    expect(jsonBody(put[0])).toEqual({
      name: 'Team',
      storage_type: 'local',
      storage_config_id: 'c2',
      mount_path: '/team/archive',
      remark: 'old projects',
      is_active: false,
      sort_order: -2,
      cache_ttl: 0,
    });

    hold.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByText('/team/archive').closest('tr');
    expect(row).toHaveTextContent('Disk');
    expect(row).toHaveTextContent('No cache');
    expect(row).toHaveTextContent('old projects');
    expect(screen.getByRole('switch', { name: 'Active: Team' })).toHaveAttribute('aria-checked', 'false');
  });

  it('checks the form before sending and moves focus to the first field to fix', async () => {
    const { requests } = await renderApp('/admin/mount-management', backend([mountView('m1', 'Team', '/team')]));
    const dialog = await openEdit('Team');
    fireEvent.change(within(dialog).getByLabelText('Mount path'), { target: { value: '/api' } });
    fireEvent.change(within(dialog).getByLabelText('Cache TTL (seconds)'), { target: { value: '86401' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('This path is reserved by the system.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number of seconds from 0 to 86400.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Mount path')).toHaveFocus());
    expect(sentTo(requests, 'PUT', '/admin/mounts/m1')).toHaveLength(0);
  });

  it('puts a path another mount uses on the path field, translated', async () => {
    window.localStorage.setItem('language', 'zh');
    await renderApp(
      '/admin/mount-management',
      backend([mountView('m1', 'Team', '/team'), mountView('m2', 'Media', '/media')]),
    );
    fireEvent.click(await screen.findByRole('button', { name: '编辑 Team' }));
    const dialog = screen.getByRole('dialog', { name: '编辑挂载点' });
    fireEvent.change(within(dialog).getByLabelText('挂载路径'), { target: { value: '/media' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    expect(await within(dialog).findByText('已有其他挂载点使用此路径。')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('挂载路径')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('挂载路径')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled();
  });

  it('says why the storage list is missing and loads it again on retry', async () => {
    let fail = true;
    const configsAnswer = () => (fail ? failureResponse(403, 'FORBIDDEN', 'admin only') : envelope(configs));
    await renderApp('/admin/mount-management', backend([mountView('m1', 'Team', '/team')], { configsAnswer }));
    const dialog = await openEdit('Team');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Storage configurations could not be loaded: You do not have permission to do this.',
    );
    expect(within(dialog).getByLabelText('Storage configuration')).toBeDisabled();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Storage configuration')).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Bucket (default)' })).toBeInTheDocument();
  });
});
