import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FileRecord } from '@shared/api/file-share.schema';
import { holdAnswers, jsonBody, sentTo, type HeldAnswers } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

const file = (n: number, change: Partial<FileRecord> = {}): FileRecord => ({
  id: `f${n}`,
  slug: `link-${n}`,
  filename: `file-${String(n).padStart(3, '0')}.txt`,
  mimetype: 'text/plain',
  size: 2048,
  storage_path: `shares/file-${n}.txt`,
  storage_config_id: 'c1',
  remark: null,
  has_password: false,
  expires_at: null,
  max_views: null,
  views: 3,
  use_proxy: false,
  etag: null,
  created_by: 'admin',
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-01T10:00:00Z',
  source_path: null,
  ...change,
});

const many = (count: number) => Array.from({ length: count }, (_, i) => file(i + 1));

type Options = { hold?: HeldAnswers; refuse?: (path: string, init: RequestInit) => Response | undefined };

/** /admin/files over an in-memory list: pages by limit and offset, edits and deletes change it. */
function backend(files: FileRecord[], { hold, refuse }: Options = {}) {
  const answer = (response: Response) => (hold ? hold.released.then(() => response) : response);
  return (path: string, init: RequestInit, query: URLSearchParams): Response | Promise<Response> | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    const refused = refuse?.(path, init);
    if (refused) return answer(refused);
    if (path === '/admin/files' && init.method === 'GET') {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const items = files.slice(offset, offset + limit);
      return envelope({
        items,
        pagination: { total: files.length, limit, offset, hasMore: offset + limit < files.length },
      });
    }
    if (path === '/admin/files/batch-delete') {
      const body = jsonBody({ path, init });
      const ids = typeof body === 'object' && body !== null && 'ids' in body && Array.isArray(body.ids) ? body.ids : [];
      const before = files.length;
      files.splice(0, files.length, ...files.filter((f) => !ids.includes(f.id)));
      return answer(envelope({ deleted: before - files.length }));
    }
    const at = files.findIndex((f) => path === `/admin/files/${f.id}`);
    const found = files[at];
    if (!found) return undefined;
    if (init.method === 'DELETE') {
      files.splice(at, 1);
      return answer(envelope({ id: found.id, deleted: true }));
    }
    if (init.method === 'PUT') {
      const body = jsonBody({ path, init });
      const change = typeof body === 'object' && body !== null ? body : {};
      const updated: FileRecord = {
        ...found,
        ...change,
        views: 'max_views' in change ? 0 : found.views,
        has_password: 'password' in change ? Boolean(change.password) : found.has_password,
      };
      files[at] = updated;
      return answer(envelope(updated));
    }
    return undefined;
  };
}

const table = () => screen.findByRole('table', { name: 'Shared files' });

signedInAsAdmin();

describe('file management: the table', () => {
  it('pages through the files 50 at a time', async () => {
    const { requests } = await renderApp('/admin/file-management', backend(many(120)));
    const lastPageAsked = () => sentTo(requests, 'GET', '/admin/files').at(-1)?.query.toString();
    expect(await screen.findByText('Files 1–50 of 120')).toBeInTheDocument();
    expect(lastPageAsked()).toBe('limit=50&offset=0');
    expect(within(await table()).getAllByRole('row')).toHaveLength(51);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Files 51–100 of 120')).toBeInTheDocument();
    expect(lastPageAsked()).toBe('limit=50&offset=50');
    expect(screen.getByText('file-051.txt')).toBeInTheDocument();
    expect(screen.queryByText('file-001.txt')).not.toBeInTheDocument();

    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Files 101–120 of 120')).toBeInTheDocument();
    expect(lastPageAsked()).toBe('limit=50&offset=100');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Files 51–100 of 120')).toBeInTheDocument();
    expect(lastPageAsked()).toBe('limit=50&offset=50');
  });

  it('marks a share made from the explorer with its mount path, and says deleting it keeps the file', async () => {
    await renderApp('/admin/file-management', backend([file(1), file(2, { source_path: '/local/docs/plan.pdf' })]));
    const [, uploaded, fromMount] = within(await table()).getAllByRole('row');
    if (uploaded === undefined || fromMount === undefined) throw new Error('two rows expected');
    expect(within(fromMount).getByText('From mount: /local/docs/plan.pdf')).toBeInTheDocument();
    expect(within(uploaded).queryByText(/From mount/)).not.toBeInTheDocument();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Delete file-002.txt' }));
    expect(await screen.findByText(/the file stays in its mount/)).toBeInTheDocument();
  });

  it('says so when nothing is shared, without a table or pages', async () => {
    await renderApp('/admin/file-management', backend([]));
    expect(await screen.findByText('No files shared yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});

describe('file management: editing a file', () => {
  it('sends only what changed, shows the button busy meanwhile, then updates the row', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp('/admin/file-management', backend([file(1), file(2)], { hold }));
    fireEvent.click(within(await table()).getByRole('button', { name: 'Edit file-001.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit file-001.txt' });
    expect(within(dialog).getByLabelText('Link suffix')).toHaveValue('link-1');

    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: ' quarterly report ' } });
    fireEvent.change(within(dialog).getByLabelText('Max views (0 = unlimited)'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'set' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 's3cret' } });
    fireEvent.click(within(dialog).getByLabelText('Send downloads through this server'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const busy = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    const put = sentTo(requests, 'PUT', '/admin/files/f1');
    expect(put).toHaveLength(1);
    expect(jsonBody(put[0])).toEqual({ remark: 'quarterly report', max_views: 5, password: 's3cret', use_proxy: true });

    hold.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(await table())
      .getByText('file-001.txt')
      .closest('tr');
    expect(row).toHaveTextContent('0 / 5');
  });

  it('checks the form before sending and puts focus on the field to fix', async () => {
    const { requests } = await renderApp('/admin/file-management', backend([file(1)]));
    fireEvent.click(within(await table()).getByRole('button', { name: 'Edit file-001.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit file-001.txt' });
    fireEvent.change(within(dialog).getByLabelText('Link suffix'), { target: { value: 'no spaces!' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'set' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('Use only letters, digits, - and _.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the new password.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Link suffix')).toHaveFocus());
    expect(sentTo(requests, 'PUT', '/admin/files/f1')).toHaveLength(0);
  });

  it('shows a taken link suffix on its field, translated, and keeps the dialog open', async () => {
    window.localStorage.setItem('language', 'zh');
    const refuse = (path: string, init: RequestInit) =>
      path === '/admin/files/f1' && init.method === 'PUT'
        ? failureResponse(409, 'SLUG_TAKEN', 'link suffix already taken, try another')
        : undefined;
    const { requests } = await renderApp('/admin/file-management', backend([file(1)], { refuse }));
    fireEvent.click(
      within(await screen.findByRole('table', { name: '分享的文件' })).getByRole('button', {
        name: '编辑 file-001.txt',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: '编辑 file-001.txt' });
    fireEvent.change(within(dialog).getByLabelText('链接后缀'), { target: { value: 'taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    expect(await within(dialog).findByText('该链接后缀已被占用，请换一个。')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('链接后缀')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByLabelText('链接后缀')).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled();
    expect(jsonBody(sentTo(requests, 'PUT', '/admin/files/f1')[0])).toEqual({ slug: 'taken' });
  });

  it('shows a refused edit as the form’s message, in the user’s language', async () => {
    const refuse = (path: string, init: RequestInit) =>
      path === '/admin/files/f1' && init.method === 'PUT'
        ? failureResponse(400, 'VALIDATION_FAILED', 'remark: Too big: expected string to have <=1000 characters')
        : undefined;
    await renderApp('/admin/file-management', backend([file(1)], { refuse }));
    fireEvent.click(within(await table()).getByRole('button', { name: 'Edit file-001.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit file-001.txt' });
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Some of the data sent was not valid.');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('file management: deleting', () => {
  it('deletes one file after confirmation, with the button disabled while it runs', async () => {
    const hold = holdAnswers();
    const { requests } = await renderApp('/admin/file-management', backend([file(1), file(2)], { hold }));
    fireEvent.click(within(await table()).getByRole('button', { name: 'Delete file-001.txt' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete file' });
    expect(confirm).toHaveTextContent(
      'Delete “file-001.txt”? Its link stops working and the stored object is removed.',
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(sentTo(requests, 'DELETE', '/admin/files/f1')).toHaveLength(1);

    hold.release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('file-001.txt')).not.toBeInTheDocument());
    expect(screen.getByText('file-002.txt')).toBeInTheDocument();
  });

  it('keeps the file and shows why when the delete is refused', async () => {
    const refuse = (path: string, init: RequestInit) =>
      path === '/admin/files/f1' && init.method === 'DELETE'
        ? failureResponse(404, 'NOT_FOUND', 'file not found')
        : undefined;
    await renderApp('/admin/file-management', backend([file(1)], { refuse }));
    fireEvent.click(within(await table()).getByRole('button', { name: 'Delete file-001.txt' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete file' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Not found, or it has expired.');
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeEnabled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('file-001.txt')).toBeInTheDocument();
  });

  it('deletes the ticked files in one batch call', async () => {
    const { requests } = await renderApp('/admin/file-management', backend([file(1), file(2), file(3)]));
    const list = await table();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    fireEvent.click(within(list).getByLabelText('Select all files on this page'));
    expect(screen.getByRole('button', { name: 'Delete selected (3)' })).toBeInTheDocument();
    fireEvent.click(within(list).getByLabelText('Select file-002.txt'));
    expect(within(list).getByLabelText('Select all files on this page')).not.toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete files' });
    expect(confirm).toHaveTextContent('Delete 2 files? Their links stop working and the stored objects are removed.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('file-001.txt')).not.toBeInTheDocument());
    expect(screen.queryByText('file-003.txt')).not.toBeInTheDocument();
    expect(screen.getByText('file-002.txt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    expect(jsonBody(sentTo(requests, 'POST', '/admin/files/batch-delete')[0])).toEqual({ ids: ['f1', 'f3'] });
    expect(sentTo(requests, 'DELETE', '/admin/files/f1')).toHaveLength(0);
  });

  it('goes back a page when the last files of the last page are deleted', async () => {
    await renderApp('/admin/file-management', backend(many(51)));
    expect(await screen.findByText('Files 1–50 of 51')).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next page' }),
    );
    expect(await screen.findByText('Files 51–51 of 51')).toBeInTheDocument();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Delete file-051.txt' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete file' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Files 1–50 of 50')).toBeInTheDocument();
    expect(screen.getByText('file-001.txt')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});
