import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FsEntry } from '@shared/api/fs.schema';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';
import { jsonBody, sentTo } from '@ui/testing/fake-requests';

signedInAsAdmin();

const entry = (name: string, isDirectory = false, extra: Partial<FsEntry> = {}): FsEntry => ({
  name,
  path: `/photos/${name}${isDirectory ? '/' : ''}`,
  isDirectory,
  isMount: false,
  isVirtual: false,
  size: isDirectory ? null : 1234,
  modified: '2026-11-20T10:00:00.000Z',
  etag: null,
  contentType: isDirectory ? null : 'text/plain',
  mount_id: 'm1',
  storage_type: 'local',
  ...extra,
});

const mount: FsEntry = { ...entry('Photos', true), path: '/photos/', isMount: true, mount_id: 'm1' };
const listing = (path: string, items: FsEntry[], extra: object = {}) => ({
  path,
  isRoot: path === '/',
  isVirtual: false,
  mount_id: path === '/' ? null : 'm1',
  storage_type: path === '/' ? null : 'local',
  canWrite: path !== '/',
  items,
  nextCursor: null,
  ...extra,
});

function backend(path: string, init: RequestInit, query: URLSearchParams): Response | undefined {
  if (path === '/test/admin-token') return envelope({ username: 'admin' });
  if (path === '/admin/fs/list' && query.get('path') === '/') return envelope(listing('/', [mount]));
  if (path === '/admin/fs/list' && query.get('path') === '/photos/') {
    return envelope(listing('/photos/', [entry('b.txt'), entry('album', true), entry('a.txt')]));
  }
  if (path === '/admin/fs/mkdir') {
    const { path: target } = jsonBody({ path, init }) as { path: string };
    if (target === '/photos/album/') return failureResponse(409, 'CONFLICT', 'the folder already exists');
    return envelope(entry('new', true, { path: target, name: target.split('/').at(-2) ?? '' }), 201);
  }
  if (path === '/admin/fs/rename') {
    const body = jsonBody({ path, init }) as { oldPath: string; newPath: string };
    return envelope({ ...body, isDirectory: false, moved: 1 });
  }
  if (path === '/admin/fs/remove') return envelope({ path: query.get('path'), removed: 1 });
  return undefined;
}

describe('mount explorer', () => {
  it('lists the mounts at the root and opens one, folders first', async () => {
    const { router } = await renderApp('/mount-explorer', backend);
    fireEvent.click(await screen.findByRole('link', { name: 'Photos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/photos'));
    const list = await screen.findByRole('list', { name: '/photos/' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['album', 'a.txt', 'b.txt']),
    );
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Folder path' })).getByText('photos')).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('marks an entry a WebDAV lock covers, with its holder and its end', async () => {
    const lock = { owner: 'mailto:alice@example.com', expiresAt: '2026-11-20T11:30:00.000Z' };
    await renderApp('/mount-explorer/photos', (path, init, query) =>
      path === '/admin/fs/list' && query.get('path') === '/photos/'
        ? envelope(listing('/photos/', [entry('locked.txt', false, { lock }), entry('free.txt')]))
        : backend(path, init, query),
    );
    const marked = await screen.findByRole('img', { name: /^Locked over WebDAV by mailto:alice@example\.com until / });
    expect(marked.closest('[role="listitem"]')).toHaveTextContent('locked.txt');
    expect(screen.getAllByRole('img', { name: /^Locked over WebDAV/ })).toHaveLength(1);
  });

  it('lets the admin remove a lock from the menu: the padlock goes and the explorer says so', async () => {
    const lock = { owner: 'mailto:alice@example.com', expiresAt: '2026-11-20T11:30:00.000Z' };
    const { requests } = await renderApp('/mount-explorer/photos', (path, init, query) => {
      if (path === '/admin/fs/list' && query.get('path') === '/photos/')
        return envelope(listing('/photos/', [entry('locked.txt', false, { lock }), entry('free.txt')]));
      if (path === '/admin/fs/unlock') return envelope({ path: '/photos/locked.txt', removed: 1 });
      return backend(path, init, query);
    });
    await screen.findByRole('img', { name: /^Locked over WebDAV/ });
    fireEvent.contextMenu(screen.getByRole('link', { name: 'free.txt' }), { clientX: 20, clientY: 30 });
    expect(screen.queryByRole('menuitem', { name: 'Remove lock' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.contextMenu(screen.getByRole('link', { name: /^locked\.txt/ }), { clientX: 20, clientY: 30 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove lock' }));
    expect(await screen.findByText('The lock on locked.txt is removed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Locked over WebDAV/ })).toBeNull();
    expect(sentTo(requests, 'POST', '/admin/fs/unlock').map((request) => jsonBody(request))).toEqual([
      { path: '/photos/locked.txt' },
    ]);
  });

  it('creates a folder, and says so when the name is taken', async () => {
    const { requests } = await renderApp('/mount-explorer/photos', backend);
    await screen.findByText('3 entries');
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New folder' });
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'album' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A file or folder with this name already exists here.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'fresh' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('link', { name: 'fresh' })).toBeInTheDocument();
    expect(sentTo(requests, 'POST', '/admin/fs/mkdir').map((request) => jsonBody(request))).toEqual([
      { path: '/photos/album/' },
      { path: '/photos/fresh/' },
    ]);
  });

  it('opens the context menu on right click and renames from it', async () => {
    const { requests } = await renderApp('/mount-explorer/photos', backend);
    const link = await screen.findByRole('link', { name: 'a.txt' });
    fireEvent.contextMenu(link, { clientX: 20, clientY: 30 });
    const menu = screen.getByRole('menu', { name: 'Actions for a.txt' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Preview',
      'Download',
      'Copy link',
      'Share…',
      'Add to basket',
      'Edit',
      'Rename',
      'Copy to…',
      'Move to…',
      'Cut',
      'Select a.txt',
      'Delete',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename a.txt' });
    fireEvent.change(within(dialog).getByLabelText('New name'), { target: { value: 'c.txt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('link', { name: 'c.txt' })).toBeInTheDocument();
    expect(jsonBody(sentTo(requests, 'POST', '/admin/fs/rename')[0])).toEqual({
      oldPath: '/photos/a.txt',
      newPath: '/photos/c.txt',
    });
  });

  it('clears a notice when the language changes, rather than leave a sentence of the old one', async () => {
    await renderApp('/mount-explorer/photos', backend);
    fireEvent.contextMenu(await screen.findByRole('link', { name: 'a.txt' }), { clientX: 20, clientY: 30 });
    fireEvent.click(
      within(screen.getByRole('menu', { name: 'Actions for a.txt' })).getByRole('menuitem', { name: 'Copy link' }),
    );
    // No link route in this backend: the failure is the notice.
    const notice = document.querySelector('.explorer__notice');
    await waitFor(() => expect(notice?.textContent).not.toBe(''));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh' } });
    await waitFor(() => expect(notice?.textContent).toBe(''));
  });

  it('deletes with the Delete key after confirmation', async () => {
    const { requests } = await renderApp('/mount-explorer/photos', backend);
    const link = await screen.findByRole('link', { name: 'b.txt' });
    fireEvent.keyDown(link, { key: 'Delete' });
    const confirm = screen.getByRole('alertdialog', { name: 'Delete b.txt?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'b.txt' })).not.toBeInTheDocument());
    expect(sentTo(requests, 'DELETE', '/admin/fs/remove')[0]?.query.get('path')).toBe('/photos/b.txt');
  });

  it('moves between entries with the arrow keys and opens the menu with the context-menu key', async () => {
    await renderApp('/mount-explorer/photos', backend);
    const first = await screen.findByRole('link', { name: 'album' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'a.txt' })).toHaveFocus());
    fireEvent.keyDown(screen.getByRole('link', { name: 'a.txt' }), { key: 'End' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'b.txt' })).toHaveFocus());
    fireEvent.keyDown(screen.getByRole('link', { name: 'b.txt' }), { key: 'ContextMenu' });
    const menu = screen.getByRole('menu', { name: 'Actions for b.txt' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Preview' })).toHaveFocus());
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('asks for 2 characters before searching', async () => {
    const { requests } = await renderApp('/mount-explorer/photos', backend);
    await screen.findByText('3 entries');
    fireEvent.change(screen.getByLabelText('Search files and folders'), { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    expect(sentTo(requests, 'GET', '/admin/fs/search')).toHaveLength(0);
  });

  it('tells a visitor who may use the explorer', async () => {
    window.localStorage.clear();
    await renderApp('/mount-explorer', backend);
    expect(await screen.findByText(/The mount explorer needs an admin login/)).toBeInTheDocument();
  });
});
