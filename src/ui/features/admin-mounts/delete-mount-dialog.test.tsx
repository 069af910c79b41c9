import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MountView } from '@shared/api/mount.schema';
import { mountView } from '@ui/testing/admin-fixtures';
import { holdAnswers, sentTo, type HeldAnswers } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

type Options = { hold?: HeldAnswers; refuse?: Response };

/** /admin/mounts over an in-memory list with delete; storage configs are an empty list. */
function backend(mounts: MountView[], { hold, refuse }: Options = {}) {
  const answer = (response: Response) => (hold ? hold.released.then(() => response) : response);
  return (path: string, init: RequestInit): Response | Promise<Response> | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/s3-configs') return envelope([]);
    if (path === '/admin/mounts' && init.method === 'GET') return envelope(mounts);
    const at = mounts.findIndex((m) => path === `/admin/mounts/${m.id}`);
    if (at < 0 || init.method !== 'DELETE') return undefined;
    if (refuse) return answer(refuse);
    mounts.splice(at, 1);
    return answer(envelope(null));
  };
}

signedInAsAdmin();

describe('mount delete dialog', () => {
  it('names the mount and its path, does nothing on cancel', async () => {
    const { requests } = await renderApp('/admin/mount-management', backend([mountView('m1', 'Team', '/team')]));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete mount' });
    expect(confirm).toHaveTextContent('Delete the mount “Team” at /team? The stored files stay where they are.');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('/team')).toBeInTheDocument();
    expect(requests.filter((r) => r.init.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes on confirm, disabled while it runs, and removes the row', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp(
      '/admin/mount-management',
      backend([mountView('m1', 'Team', '/team'), mountView('m2', 'Media', '/media')], { hold }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete mount' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(sentTo(requests, 'DELETE', '/admin/mounts/m1')).toHaveLength(1);

    hold.release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('/team')).not.toBeInTheDocument();
    expect(screen.getByText('/media')).toBeInTheDocument();
  });

  it('shows the empty state once the last mount is gone', async () => {
    await renderApp('/admin/mount-management', backend([mountView('m1', 'Team', '/team')]));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete mount' })).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('No mounts yet. Create one to browse a storage in the mount explorer.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the mount and shows why when the server refuses', async () => {
    await renderApp(
      '/admin/mount-management',
      backend([mountView('m1', 'Team', '/team')], { refuse: failureResponse(404, 'NOT_FOUND', 'mount not found') }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete mount' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Not found, or it has expired.');
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeEnabled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('/team')).toBeInTheDocument();
  });
});
