import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { apiKeyView } from '@ui/testing/admin-fixtures';
import { envelope, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

function backend(keys: ApiKeyView[]) {
  return (path: string, init: RequestInit): Response | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/admin/api-keys' && init.method === 'POST') {
      const created = apiKeyView('k9', 'phone', { file_permission: true });
      keys.push(created);
      return envelope({ ...created, key: 'cd_full-secret-key' }, 201);
    }
    if (path === '/admin/api-keys') return envelope(keys);
    return undefined;
  };
}

signedInAsAdmin();

describe('tool profiles of an API key', () => {
  const saved: Blob[] = [];
  beforeEach(() => {
    saved.length = 0;
    const createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:profile';
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  const savedProfile = async () => {
    await waitFor(() => expect(saved).toHaveLength(1));
    return JSON.parse(await (saved[0] ?? new Blob()).text());
  };

  it('offers an existing file key a profile with a placeholder, or with the key pasted in', async () => {
    const keys = [apiKeyView('k1', 'laptop', { file_permission: true }), apiKeyView('k2', 'notes only')];
    await renderApp('/admin/key-management', backend(keys));
    await screen.findByRole('table', { name: 'API keys' });
    expect(screen.queryByRole('button', { name: 'Tool profiles for notes only' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tool profiles for laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Tool profiles for “laptop”' });
    const command = within(dialog).getByLabelText('Flameshot (or any file with curl)');
    const upload = new URL('/api/upload', window.location.href).toString();
    expect(command).toHaveValue(
      `flameshot gui --raw | curl -sS -H 'Authorization: ApiKey YOUR_API_KEY' -H 'Accept: text/plain' -F 'file=@-;filename=screenshot.png;type=image/png' '${upload}'`,
    );
    fireEvent.change(within(dialog).getByLabelText('API key (optional)'), { target: { value: ' cd_pasted ' } });
    expect((command as HTMLTextAreaElement).value).toContain("'Authorization: ApiKey cd_pasted'");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download ShareX profile' }));
    expect(await savedProfile()).toMatchObject({
      RequestMethod: 'POST',
      RequestURL: upload,
      Body: 'MultipartFormData',
      FileFormName: 'file',
      Headers: { Authorization: 'ApiKey cd_pasted', Accept: 'text/plain' },
      URL: '{response}',
    });
  });

  it('puts the new key itself in the profile when a file key is created', async () => {
    await renderApp('/admin/key-management', backend([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = screen.getByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'phone' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    const created = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(created).queryByLabelText('API key (optional)')).not.toBeInTheDocument();
    const command = within(created).getByLabelText('Flameshot (or any file with curl)') as HTMLTextAreaElement;
    expect(command.value).toContain("'Authorization: ApiKey cd_full-secret-key'");
    fireEvent.click(within(created).getByRole('button', { name: 'Download ShareX profile' }));
    expect((await savedProfile()).Headers.Authorization).toBe('ApiKey cd_full-secret-key');
  });
});
