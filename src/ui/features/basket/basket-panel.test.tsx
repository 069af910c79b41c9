// The basket panel over the real local database (fake-indexeddb) and the app's API client, with
// the file system answered by the injected fetch: a folder shows "Counting…" and then its size,
// and the total and the large-download warning include it (spec §9); "Download all" while a folder
// is still being counted asks first and says so, and its confirmation goes straight to the save
// picker; a folder that cannot be counted shows why and downloads without asking.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FsEntry } from '@shared/api/fs.schema';
import { addToBasket, clearBasket } from '@ui/domain/basket/basket-store';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';
import { fsEntryAt } from '@ui/testing/fs-entries';

signedInAsAdmin();

const MIB = 1024 * 1024;

const listing = (path: string, items: FsEntry[]) => ({
  path,
  isRoot: false,
  isVirtual: false,
  mount_id: 'm1',
  storage_type: 'local',
  canWrite: true,
  items,
  nextCursor: null,
});

/** The file system, with folders whose listing waits until released; an aborted wait is recorded. */
function fileSystem(tree: Record<string, FsEntry[] | 'forbidden'>) {
  const waiting = new Map<string, () => void>();
  const held = new Set<string>();
  const aborted: string[] = [];
  const handler = async (path: string, init: RequestInit, query: URLSearchParams): Promise<Response> => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path !== '/admin/fs/list') return failureResponse(404, 'NOT_FOUND', 'no such route');
    const folder = query.get('path') ?? '';
    if (held.has(folder)) {
      const released = await new Promise<boolean>((resolve) => {
        waiting.set(folder, () => resolve(true));
        init.signal?.addEventListener('abort', () => resolve(false));
      });
      if (!released) {
        aborted.push(folder);
        throw new DOMException('Aborted', 'AbortError');
      }
    }
    const items = tree[folder];
    if (items === 'forbidden') return failureResponse(403, 'FORBIDDEN', 'outside the key’s base path');
    return items === undefined ? failureResponse(404, 'NOT_FOUND', 'nothing there') : envelope(listing(folder, items));
  };
  return {
    handler,
    aborted,
    hold: (folder: string) => held.add(folder),
    release: (folder: string) => {
      held.delete(folder);
      waiting.get(folder)?.();
    },
    isWaiting: (folder: string) => waiting.has(folder),
  };
}

const docsTree = {
  '/m/docs/': [fsEntryAt('/m/docs/deep/', null), fsEntryAt('/m/docs/one.txt', 1_000)],
  '/m/docs/deep/': [fsEntryAt('/m/docs/deep/two.bin', 2_048), fsEntryAt('/m/docs/deep/three.bin', 1)],
};
const alpha = {
  source: 'fs',
  scope: 'admin',
  path: '/m/alpha.txt',
  name: 'alpha.txt',
  isDirectory: false,
  size: 10,
} as const;
const folder = (path: string) =>
  ({
    source: 'fs',
    scope: 'admin',
    path,
    name: path.split('/').at(-2) ?? path,
    isDirectory: true,
    size: null,
  }) as const;

let picked = 0;
beforeEach(async () => {
  await clearBasket();
  picked = 0;
  // The save picker counts its calls and is dismissed, as a user pressing Cancel.
  Object.defineProperty(window, 'showSaveFilePicker', {
    configurable: true,
    value: () => {
      picked += 1;
      return Promise.reject(new DOMException('dismissed', 'AbortError'));
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'showSaveFilePicker');
});

async function openBasket(count: number) {
  fireEvent.click(await screen.findByRole('button', { name: `Basket, ${count} items` }));
  return screen.findByRole('dialog', { name: 'File basket' });
}

const row = (panel: HTMLElement, name: string) => {
  const found = within(within(panel).getByRole('list', { name: 'File basket' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name));
  if (found === undefined) throw new Error(`no row ${name}`);
  return found;
};

describe('basket panel: folder sizes', () => {
  it('shows "Counting…" until the folder is counted, then its size and files, in the total', async () => {
    const fs = fileSystem(docsTree);
    fs.hold('/m/docs/deep/');
    await addToBasket([alpha, folder('/m/docs/')]);
    await renderApp('/', fs.handler);
    const panel = await openBasket(2);
    await waitFor(() => expect(fs.isWaiting('/m/docs/deep/')).toBe(true));
    expect(row(panel, 'docs')).toHaveTextContent('Counting…');
    expect(within(panel).getByText('Total 10 B so far, still counting folders…')).toBeInTheDocument();

    // "Download all" while counting asks first and says why; cancelling starts nothing.
    fireEvent.click(within(panel).getByRole('button', { name: 'Download all' }));
    const asking = await screen.findByRole('alertdialog', { name: 'Download the basket?' });
    expect(asking).toHaveTextContent('1 folder is still being counted, so the total of 10 B so far may grow.');
    fireEvent.click(within(asking).getByRole('button', { name: 'Cancel' }));
    expect(picked).toBe(0);

    fs.release('/m/docs/deep/');
    await waitFor(() => expect(row(panel, 'docs')).toHaveTextContent('Folder, 3 files'));
    const size = within(row(panel, 'docs')).getByText('2.98 KB');
    expect(size).toHaveAttribute('value', String(1_000 + 2_048 + 1));
    expect(within(panel).getByText('Total 2.99 KB')).toBeInTheDocument();

    // Counted and small: no question, straight to the save picker.
    fireEvent.click(within(panel).getByRole('button', { name: 'Download all' }));
    expect(picked).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('warns before a folder counted as large, and a confirmation made while counting goes straight to the picker', async () => {
    const fs = fileSystem({ '/m/big/': [fsEntryAt('/m/big/video.mp4', 600 * MIB)], '/m/slow/': [] });
    fs.hold('/m/slow/');
    await addToBasket([folder('/m/big/'), folder('/m/slow/')]);
    await renderApp('/', fs.handler);
    const panel = await openBasket(2);
    await waitFor(() => expect(row(panel, 'big')).toHaveTextContent('600 MB'));
    expect(row(panel, 'slow')).toHaveTextContent('Counting…');

    fireEvent.click(within(panel).getByRole('button', { name: 'Download all' }));
    const asking = await screen.findByRole('alertdialog', { name: 'Large download' });
    expect(asking).toHaveTextContent('This download is large.');
    expect(asking).toHaveTextContent('1 folder is still being counted, so the total of 600 MB so far may grow.');
    // The picker needs the click itself: it is asked within the same event, with no wait before it.
    fireEvent.click(within(asking).getByRole('button', { name: 'Download anyway' }));
    expect(picked).toBe(1);
  });

  it('cancels the count of a folder removed from the basket', async () => {
    const fs = fileSystem(docsTree);
    fs.hold('/m/docs/');
    await addToBasket([alpha, folder('/m/docs/')]);
    await renderApp('/', fs.handler);
    const panel = await openBasket(2);
    await waitFor(() => expect(fs.isWaiting('/m/docs/')).toBe(true));
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove docs from the basket' }));
    await waitFor(() => expect(fs.aborted).toEqual(['/m/docs/']));
    await waitFor(() => expect(within(panel).getByText('Total 10 B')).toBeInTheDocument());
  });

  it('says why a folder could not be counted, and downloads without asking', async () => {
    const fs = fileSystem({ '/m/secret/': 'forbidden' });
    await addToBasket([alpha, folder('/m/secret/')]);
    await renderApp('/', fs.handler);
    const panel = await openBasket(2);
    await waitFor(() =>
      expect(row(panel, 'secret')).toHaveTextContent(
        'Could not count this folder’s size; it downloads all the same. You do not have permission to do this.',
      ),
    );
    expect(within(panel).getByText('Total 10 B plus the folders that could not be counted')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Download all' }));
    expect(picked).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
