import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, renderApp, stubMatchMedia } from '../../testing/render-app';

const storage = {
  id: 'c1', name: 'radosgw', driver: 's3', provider_type: 'Other S3 Compatible', endpoint_url: 'http://s3', bucket_name: 'b1', region: null,
  access_key_id: 'k', has_secret: true, path_style: true, default_folder: '', is_public: false, is_default: true, custom_host: null,
  signature_expires_in: 3600, total_storage_bytes: null, used_storage_bytes: 0, use_proxy: false, created_at: '', updated_at: '', last_used_at: null,
};

function backend(path: string): Response | undefined {
  if (path === '/test/admin-token') return envelope({ username: 'admin' });
  if (path === '/system/max-upload-size') return envelope({ max_upload_size: 1, max_upload_size_unit: 'KB', max_upload_size_bytes: 1024 });
  if (path === '/s3-configs') return envelope([storage]);
  return undefined;
}

const fileInput = () => {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
};

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(cleanup);

describe('upload page', () => {
  it('explains who may upload when nobody is signed in', async () => {
    await renderApp('/upload', backend);
    expect(await screen.findByText(/Uploading needs an admin login/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in on the admin page' })).toHaveAttribute('href', '/admin');
  });

  it('shows the server limit, refuses larger files and keeps the URL tab disabled', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    await renderApp('/upload', backend);
    expect(await screen.findByText('Largest file: 1 KB')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'From a URL' })).toBeDisabled();
    expect(screen.getByText('Uploading from a URL is not available yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('c1'));
    expect(screen.getByRole('option', { name: 'radosgw (default)' })).toBeInTheDocument();

    const big = new File([new Uint8Array(2048)], 'big.bin');
    const small = new File(['hello'], 'a.md');
    fireEvent.change(fileInput(), { target: { files: [big, small] } });
    expect(screen.getByText(/^Too large to upload/)).toHaveTextContent('Too large to upload (over 1 KB): big.bin');
    expect(screen.getByRole('button', { name: 'Upload (1)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove a.md' })).toBeInTheDocument();
  });

  it('allows a custom link suffix for a single file only', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    await renderApp('/upload', backend);
    await screen.findByText('Largest file: 1 KB');
    fireEvent.change(fileInput(), { target: { files: [new File(['1'], 'one.txt'), new File(['2'], 'two.txt')] } });
    fireEvent.change(screen.getByLabelText('Custom link suffix (optional)'), { target: { value: 'my-link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload (2)' }));
    expect(screen.getByText('A custom link suffix works for one file only.')).toBeInTheDocument();
    expect(screen.getByLabelText('Custom link suffix (optional)')).toHaveAttribute('aria-invalid', 'true');
  });
});
