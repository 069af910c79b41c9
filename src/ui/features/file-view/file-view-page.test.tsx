import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LockedFile, PublicFile } from '@shared/api/file-share.schema';
import { jsonBody, sentTo } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

const archive = (change: Partial<PublicFile> = {}): PublicFile => ({
  id: 'f1',
  slug: 'report',
  filename: 'report.zip',
  mimetype: 'application/zip',
  size: 2048,
  remark: null,
  created_at: '2024-05-01T10:00:00Z',
  expires_at: null,
  max_views: null,
  views: 0,
  requires_password: false,
  preview_url: 'https://elsewhere.test/api/file-view/report?token=t-1',
  download_url: 'https://elsewhere.test/api/file-download/report?token=t-1',
  use_proxy: false,
  access_token: 't-1',
  token_expires_at: '2024-05-01T10:15:00Z',
  ...change,
});

/** What the server answers for a protected file before its password: nothing about the file. */
const locked: LockedFile = {
  slug: 'report',
  requires_password: true,
  preview_url: null,
  download_url: null,
  access_token: null,
  token_expires_at: null,
};

signedInAsAdmin();

describe('a shared file page', () => {
  it('links the download through the API with the access token, and asks without the visitor’s credentials', async () => {
    const { requests } = await renderApp('/file/report', (path) =>
      path === '/public/files/report' ? envelope(archive()) : undefined,
    );
    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/file-download/report?token=t-1');
    expect(screen.getByRole('heading', { name: 'report.zip' })).toBeInTheDocument();
    const [asked] = sentTo(requests, 'GET', '/public/files/report');
    expect(new Headers(asked?.init.headers).has('Authorization')).toBe(false);
  });

  it('shows a wrong password on its field and keeps the signed-in session, then opens with the right one', async () => {
    const { requests, services } = await renderApp('/file/report', (path, init) => {
      if (path === '/public/files/report') return envelope(locked);
      if (path !== '/public/files/report/verify') return undefined;
      const body = jsonBody({ path, init });
      const right = typeof body === 'object' && body !== null && 'password' in body && body.password === 'open sesame';
      return right
        ? envelope(archive({ access_token: 't-2' }))
        : failureResponse(401, 'WRONG_PASSWORD', 'incorrect password');
    });
    expect(await screen.findByRole('heading', { name: 'This file is protected' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Incorrect password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(services.auth.getSnapshot().context.adminToken).toBe('tok-1');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/file-download/report?token=t-2',
    );
    const verifies = sentTo(requests, 'POST', '/public/files/report/verify');
    expect(verifies.map((request) => jsonBody(request))).toEqual([{ password: 'guess' }, { password: 'open sesame' }]);
    expect(verifies.every((request) => !new Headers(request.init.headers).has('Authorization'))).toBe(true);
  });

  it('shows nothing about a protected file before its password, then its name, remark and details', async () => {
    await renderApp('/file/report', (path) => {
      if (path === '/public/files/report') return envelope(locked);
      if (path === '/public/files/report/verify')
        return envelope(archive({ requires_password: true, remark: 'the secret remark', access_token: 't-2' }));
      return undefined;
    });
    const password = await screen.findByLabelText('Password');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shared file');
    await waitFor(() => expect(document.title).toMatch(/^Shared file/));
    const page = password.closest('section.file-view');
    expect(page?.textContent).not.toMatch(/report\.zip|secret remark|Size|Views/);

    fireEvent.change(password, { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'report.zip' })).toBeInTheDocument();
    expect(screen.getByText('the secret remark')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^report\.zip/));
  });

  it('says when a link does not exist or has run out, by the error code', async () => {
    await renderApp('/file/missing', () => failureResponse(404, 'NOT_FOUND', 'file not found'));
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeInTheDocument();
    // The title follows in an effect, after the heading is on screen.
    await waitFor(() => expect(document.title).toMatch(/^File not found/));
  });

  it('says what counts as a view beside the count', async () => {
    await renderApp('/file/report', (path) =>
      path === '/public/files/report' ? envelope(archive({ views: 3 })) : undefined,
    );
    const views = (await screen.findByText('Views')).closest('div');
    expect(within(views ?? document.body).getByText('3')).toBeInTheDocument();
    expect(within(views ?? document.body).getByText(/previews or downloads the file counts once/)).toBeInTheDocument();
  });

  it('says when a file has expired', async () => {
    await renderApp('/file/old', () => failureResponse(410, 'GONE', 'this file has expired'));
    const page = await screen.findByRole('heading', { name: 'File expired' });
    expect(
      within(page.closest('section') ?? document.body).getByRole('link', { name: 'Back to home' }),
    ).toBeInTheDocument();
  });

  it('shows a view-limited file’s preview, which spends the visit’s view, only after "Show it"', async () => {
    const photo = archive({ filename: 'photo.png', mimetype: 'image/png', max_views: 3, views: 1 });
    await renderApp('/file/report', (path) => (path === '/public/files/report' ? envelope(photo) : undefined));
    const show = await screen.findByRole('button', { name: 'Show it: this can be viewed 2 more times' });
    expect(screen.queryByRole('img', { name: 'photo.png' })).toBeNull();
    fireEvent.click(show);
    expect(await screen.findByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      '/api/file-view/report?token=t-1',
    );
    expect(screen.queryByRole('button', { name: /Show it/ })).toBeNull();
  });

  it('asks no text preview of a view-limited text file until asked, in Chinese too', async () => {
    window.localStorage.setItem('language', 'zh');
    const notes = archive({ filename: 'notes.txt', mimetype: 'text/plain', max_views: 1 });
    const { requests } = await renderApp('/file/report', (path) => {
      if (path === '/public/files/report') return envelope(notes);
      if (path === '/file-preview/report')
        return envelope({ html: '<pre>the text</pre>', markdown: false, truncated: false, limit_bytes: 262144 });
      return undefined;
    });
    const show = await screen.findByRole('button', { name: '显示内容：还可查看 1 次' });
    expect(sentTo(requests, 'GET', '/file-preview/report')).toHaveLength(0);
    fireEvent.click(show);
    await waitFor(() => expect(sentTo(requests, 'GET', '/file-preview/report').length).toBeGreaterThan(0));
  });

  it('shows an unlimited share’s image at once, with no step before it', async () => {
    const photo = archive({ filename: 'photo.png', mimetype: 'image/png' });
    await renderApp('/file/report', (path) => (path === '/public/files/report' ? envelope(photo) : undefined));
    expect(await screen.findByRole('img', { name: 'photo.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show it/ })).toBeNull();
  });

  it('opens a protected view-limited file after its password with no second step: the password was the visitor’s ask', async () => {
    const photo = archive({ filename: 'photo.png', mimetype: 'image/png', max_views: 2, requires_password: true });
    await renderApp('/file/report', (path) => {
      if (path === '/public/files/report') return envelope(locked);
      if (path === '/public/files/report/verify') return envelope({ ...photo, access_token: 't-2' });
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      '/api/file-view/report?token=t-2',
    );
    expect(screen.queryByRole('button', { name: /Show it/ })).toBeNull();
  });
});
