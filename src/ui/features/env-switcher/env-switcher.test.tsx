import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderApp, stubMatchMedia } from '@ui/testing/render-app';

const textKey = {
  name: 'ci key',
  basic_path: '/',
  permissions: { text: true, file: false, mount: false },
  key_info: { id: 'k1', name: 'ci key', basic_path: '/', read_only: false },
};

function backend(path: string): Response | undefined {
  if (path === '/test/admin-token') return envelope({ username: 'admin' });
  if (path === '/test/api-key') return envelope(textKey);
  return undefined;
}

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(cleanup);

const asAdmin = () => window.localStorage.setItem('admin_token', 'tok-1');

describe('environment switcher', () => {
  it('is offered to an admin who opened the panel with ?showEnvSwitcher', async () => {
    asAdmin();
    await renderApp('/admin?showEnvSwitcher', backend);
    expect(await screen.findByRole('button', { name: 'Backend address' })).toBeInTheDocument();
  });

  it('is offered on any page of the app, not only in the admin panel', async () => {
    asAdmin();
    await renderApp('/upload?showEnvSwitcher', backend);
    expect(await screen.findByRole('button', { name: 'Backend address' })).toBeInTheDocument();
  });

  it('stays hidden for an admin without the query', async () => {
    asAdmin();
    await renderApp('/admin', backend);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Backend address' })).not.toBeInTheDocument();
  });

  it('stays hidden for an API-key session even with the query', async () => {
    window.localStorage.setItem('api_key', 'text-key');
    window.localStorage.setItem('api_key_permissions', JSON.stringify(textKey.permissions));
    window.localStorage.setItem('api_key_info', JSON.stringify(textKey.key_info));
    await renderApp('/admin/text-management?showEnvSwitcher', backend);
    expect(await screen.findByRole('heading', { name: 'Text management' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin modules' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Backend address' })).not.toBeInTheDocument();
  });

  it('refuses a bad address, then stores a good one and reloads', async () => {
    asAdmin();
    const { router } = await renderApp('/admin?showEnvSwitcher', backend);
    const reload = vi.spyOn(router.history, 'go');
    fireEvent.click(await screen.findByRole('button', { name: 'Backend address' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the backend' });
    expect(dialog).toHaveTextContent('Now using: this site (default)');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and reload' }));
    expect(within(dialog).getByText('Enter a backend address.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Backend address'), {
      target: { value: 'https://user:pw@clip.example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and reload' }));
    expect(
      within(dialog).getByText('Enter an http:// or https:// address without credentials or query.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('backend_url')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Backend address'), {
      target: { value: ' https://clip.example.com/ ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and reload' }));
    expect(window.localStorage.getItem('backend_url')).toBe('https://clip.example.com');
    expect(reload).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('shows the stored address and resets to the default', async () => {
    asAdmin();
    window.localStorage.setItem('backend_url', 'https://clip.example.com');
    const { router } = await renderApp('/admin?showEnvSwitcher', backend);
    const reload = vi.spyOn(router.history, 'go');
    fireEvent.click(await screen.findByRole('button', { name: 'Backend address' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the backend' });
    expect(dialog).toHaveTextContent('Now using: https://clip.example.com');
    expect(within(dialog).getByLabelText('Backend address')).toHaveValue('https://clip.example.com');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(window.localStorage.getItem('backend_url')).toBeNull();
    expect(reload).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('closes on cancel without storing anything', async () => {
    asAdmin();
    const { router } = await renderApp('/admin?showEnvSwitcher', backend);
    const reload = vi.spyOn(router.history, 'go');
    fireEvent.click(await screen.findByRole('button', { name: 'Backend address' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the backend' });
    fireEvent.change(within(dialog).getByLabelText('Backend address'), {
      target: { value: 'https://clip.example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('backend_url')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
