import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, failureResponse, renderApp, stubMatchMedia } from '@ui/testing/render-app';

const storage = {
  id: 'c1',
  name: 'radosgw',
  driver: 's3',
  provider_type: 'Other S3 Compatible',
  endpoint_url: 'http://s3',
  bucket_name: 'b1',
  region: null,
  access_key_id: 'k',
  has_secret: true,
  path_style: true,
  default_folder: '',
  is_public: false,
  is_default: true,
  custom_host: null,
  signature_expires_in: 3600,
  total_storage_bytes: null,
  used_storage_bytes: 0,
  use_proxy: false,
  created_at: '',
  updated_at: '',
  last_used_at: null,
};

function urlInfoAnswer(init: RequestInit): Response {
  const { url } = JSON.parse(String(init.body)) as { url: string };
  if (url.includes('127.0.0.1'))
    return failureResponse(400, 'URL_NOT_ALLOWED', 'refused to connect to 127.0.0.1: the URL is a loopback address');
  if (url.includes('missing')) {
    return new Response(
      JSON.stringify({
        code: 502,
        message: 'the URL answered HTTP 404',
        success: false,
        data: { error: 'URL_FETCH_FAILED', upstreamStatus: 404 },
      }),
      {
        status: 502,
        headers: { 'content-type': 'application/json' },
      },
    );
  }
  const size = url.includes('huge') ? 5000 : url.includes('stream') ? null : 700;
  return envelope({
    url,
    filename: 'report.pdf',
    contentType: 'application/pdf',
    size,
    lastModified: null,
    corsSupported: !url.includes('nocors'),
  });
}

function backend(path: string, init: RequestInit = {}): Response | undefined {
  if (path === '/url/info') return urlInfoAnswer(init);
  if (path === '/test/admin-token') return envelope({ username: 'admin' });
  if (path === '/system/max-upload-size')
    return envelope({ max_upload_size: 1 / 1024, max_upload_size_unit: 'MB', max_upload_size_bytes: 1024 });
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

  it('names the storage the server created at first start in Chinese', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    window.localStorage.setItem('language', 'zh');
    const local = { ...storage, name: 'Local storage', driver: 'local', provider_type: 'Local' };
    await renderApp('/upload', (path, init) => (path === '/s3-configs' ? envelope([local]) : backend(path, init)));
    expect(await screen.findByRole('option', { name: '本地存储（默认）' })).toBeInTheDocument();
  });

  it('shows the server limit and refuses larger files', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    await renderApp('/upload', backend);
    expect(await screen.findByText('Largest file: 1 KB')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
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

  it('checks a URL and shows its name, size and type, and whether the server must fetch it', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    await renderApp('/upload', backend);
    await screen.findByText('Largest file: 1 KB');
    fireEvent.click(screen.getByRole('tab', { name: 'From a URL' }));
    expect(screen.getByRole('tab', { name: 'From a URL' })).toHaveAttribute('aria-selected', 'true');
    const start = screen.getByRole('button', { name: 'Upload from URL' });
    expect(start).toBeDisabled();

    const field = screen.getByLabelText('File URL');
    fireEvent.change(field, { target: { value: 'ftp://example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check URL' }));
    expect(screen.getByText('Enter an absolute http or https URL.')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: 'https://files.example/nocors/report.pdf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check URL' }));
    expect(await screen.findByLabelText('Save as')).toHaveValue('report.pdf');
    expect(screen.getByText('700 B')).toBeInTheDocument();
    expect(screen.getByText('application/pdf')).toBeInTheDocument();
    expect(screen.getByText(/the server will fetch it for you/)).toBeInTheDocument();
    expect(start).toBeEnabled();
  });

  it.each([
    [
      'http://127.0.0.1/admin',
      'The server does not fetch this address: local, private and cloud metadata addresses are not allowed. The server’s operator can allow a private host or range with URL_FETCH_ALLOW.',
    ],
    ['https://files.example/missing.bin', 'Failed to fetch the URL content (HTTP 404).'],
    ['https://files.example/huge.bin', 'The file is larger than the maximum upload size (1 KB).'],
    [
      'https://files.example/stream',
      'The URL does not say how large its file is, so it cannot be uploaded from the URL. Download it and upload the file instead.',
    ],
  ])('explains why %s cannot be uploaded', async (url, message) => {
    window.localStorage.setItem('admin_token', 'tok-1');
    await renderApp('/upload', backend);
    await screen.findByText('Largest file: 1 KB');
    fireEvent.click(screen.getByRole('tab', { name: 'From a URL' }));
    fireEvent.change(screen.getByLabelText('File URL'), { target: { value: url } });
    fireEvent.click(screen.getByRole('button', { name: 'Check URL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Upload from URL' })).toBeDisabled();
  });
});
