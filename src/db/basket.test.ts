import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asksBeforeDownload, entrySize, summarizeBasket } from './basket-summary';
import {
  addToBasket,
  basketItemId,
  basketItems,
  clearBasket,
  removeFromBasket,
  resetInterrupted,
  setBasketStatus,
  setFolderSize,
  watchBasket,
  type NewBasketItem,
} from './basket';
import { createClipdockDatabase, type ClipdockDatabase } from './database';

let db: ClipdockDatabase;
let count = 0;
const storage = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });

beforeEach(async () => {
  count += 1;
  db = await createClipdockDatabase({ name: `basket_test_${count}`, storage: storage() });
});

afterEach(async () => {
  await db.remove();
});

const file = (path: string, size: number): NewBasketItem => ({
  source: 'fs',
  scope: 'admin',
  path,
  name: path.split('/').pop() ?? path,
  isDirectory: false,
  size,
});
const folder = (path: string): NewBasketItem => ({
  source: 'fs',
  scope: 'admin',
  path,
  name: path.replace(/\/$/, '').split('/').pop() ?? path,
  isDirectory: true,
  size: null,
});

describe('file basket', () => {
  it('adds files and folders once each, in the order added', async () => {
    let clock = 1;
    const now = () => (clock += 1);
    expect(await addToBasket(db, [file('/m/a.txt', 10), folder('/m/docs/')], now)).toEqual({ added: 2, alreadyIn: 0 });
    expect(await addToBasket(db, [file('/m/a.txt', 10)], now)).toEqual({ added: 0, alreadyIn: 1 });
    const items = await basketItems(db);
    expect(items.map((item) => item.path)).toEqual(['/m/a.txt', '/m/docs/']);
    expect(items.every((item) => item.status === 'pending' && item.error === null)).toBe(true);
  });

  it('a folder stands for what lies below it', async () => {
    await addToBasket(db, [file('/m/docs/one.txt', 1), file('/m/docs/deep/two.txt', 2), file('/m/docsx/three.txt', 3)]);
    await addToBasket(db, [folder('/m/docs/')]);
    expect((await basketItems(db)).map((item) => item.path).sort()).toEqual(['/m/docs/', '/m/docsx/three.txt']);
    expect(await addToBasket(db, [file('/m/docs/again.txt', 4)])).toEqual({ added: 0, alreadyIn: 1 });
    // Another scope's tree is another tree, and a share is never inside a folder.
    expect(
      await addToBasket(db, [
        { ...file('/m/docs/again.txt', 4), scope: 'user' },
        { source: 'share', scope: 'public', path: 'docs', name: 'x.bin', isDirectory: false, size: 9 },
      ]),
    ).toEqual({
      added: 2,
      alreadyIn: 0,
    });
  });

  it('survives closing and reopening the database, with the statuses it had', async () => {
    const name = `basket_reopen_${count}`;
    const idb = new IDBFactory();
    const open = () => createClipdockDatabase({ name, storage: getRxStorageDexie({ indexedDB: idb, IDBKeyRange }) });
    const first = await open();
    await addToBasket(first, [file('/m/a.bin', 5), folder('/m/f/')]);
    await setBasketStatus(first, basketItemId(file('/m/a.bin', 5)), 'downloading');
    await setBasketStatus(first, basketItemId(folder('/m/f/')), 'failed', 'listing refused');
    await first.close();

    const again = await open();
    const items = await basketItems(again);
    expect(items.map((item) => [item.path, item.status, item.error])).toEqual([
      ['/m/a.bin', 'downloading', null],
      ['/m/f/', 'failed', 'listing refused'],
    ]);
    // The interrupted download waits again; the failure stays to be seen.
    expect(await resetInterrupted(again)).toBe(1);
    expect((await basketItems(again)).map((item) => item.status)).toEqual(['pending', 'failed']);
    await again.remove();
  });

  it('removes one entry, clears the rest, and tells watchers of each change', async () => {
    const seen: number[] = [];
    const stop = watchBasket(db, (items) => seen.push(items.length));
    await addToBasket(db, [file('/m/a', 1), file('/m/b', 2), file('/m/c', 3)]);
    await removeFromBasket(db, basketItemId(file('/m/b', 2)));
    expect((await basketItems(db)).map((item) => item.path)).toEqual(['/m/a', '/m/c']);
    await clearBasket(db);
    expect(await basketItems(db)).toEqual([]);
    await expect.poll(() => seen[seen.length - 1]).toBe(0);
    expect(Math.max(...seen)).toBe(3);
    stop();
  });

  it('sums the known sizes and warns above 500 MiB and 2 GiB', () => {
    const mib = 1024 * 1024;
    const items = (sizes: number[]) =>
      sizes.map((size) => ({ isDirectory: false, size, sizeError: null, status: 'pending' as const }));
    expect(summarizeBasket([]).warning).toBe('none');
    expect(summarizeBasket(items([500 * mib])).warning).toBe('none');
    expect(summarizeBasket(items([400 * mib, 100 * mib + 1])).warning).toBe('large');
    expect(summarizeBasket(items([2048 * mib])).warning).toBe('large');
    expect(summarizeBasket(items([2048 * mib, 1])).warning).toBe('very-large');
    const mixed = summarizeBasket([
      ...items([10]),
      { isDirectory: true, size: null, sizeError: null, status: 'completed' },
    ]);
    expect(mixed).toEqual({
      count: 2,
      files: 1,
      folders: 1,
      knownBytes: 10,
      counting: 1,
      unknown: 0,
      warning: 'none',
      waiting: 1,
    });
  });

  it('counts folders in the total once counted, so a basket of one big folder warns', () => {
    const mib = 1024 * 1024;
    const dir = (size: number | null, sizeError: string | null = null) => ({
      isDirectory: true,
      size,
      sizeError,
      status: 'pending' as const,
    });
    const counting = summarizeBasket([dir(null)]);
    expect(counting).toMatchObject({ knownBytes: 0, counting: 1, unknown: 0, warning: 'none' });
    // Nothing large is known yet, but the folder could be: "Download all" asks.
    expect(asksBeforeDownload(counting)).toBe(true);
    expect(summarizeBasket([dir(600 * mib)])).toMatchObject({ knownBytes: 600 * mib, counting: 0, warning: 'large' });
    expect(
      summarizeBasket([dir(2048 * mib), { isDirectory: false, size: 1, sizeError: null, status: 'pending' }]).warning,
    ).toBe('very-large');
    expect(asksBeforeDownload(summarizeBasket([dir(10)]))).toBe(false);
    // A folder that could not be counted never blocks the download: it is only unknown.
    const failed = summarizeBasket([dir(null, 'forbidden'), dir(5)]);
    expect(failed).toMatchObject({ knownBytes: 5, counting: 0, unknown: 1, warning: 'none' });
    expect(asksBeforeDownload(failed)).toBe(false);
    expect(
      [dir(null), dir(null, 'network'), dir(0), { isDirectory: false, size: 3, sizeError: null }].map(entrySize),
    ).toEqual(['counting', 'unknown', 'known', 'known']);
  });

  it('records a folder count on the entry it was made for, never on one removed or added again since', async () => {
    let clock = 1;
    const now = () => (clock += 1);
    await addToBasket(db, [folder('/m/docs/'), file('/m/a.txt', 1)], now);
    const [docs] = await basketItems(db);
    if (docs === undefined) throw new Error('no entry');
    expect(docs).toMatchObject({ size: null, files: null, sizeError: null });
    await setFolderSize(db, docs, { kind: 'failed', error: 'forbidden' });
    expect((await basketItems(db))[0]).toMatchObject({ size: null, files: null, sizeError: 'forbidden' });
    await setFolderSize(db, docs, { kind: 'counting' });
    expect((await basketItems(db))[0]).toMatchObject({ size: null, sizeError: null });
    await setFolderSize(db, docs, { kind: 'counted', bytes: 1234, files: 3 });
    expect((await basketItems(db))[0]).toMatchObject({ size: 1234, files: 3, sizeError: null });
    // A file's size is never a count's to change.
    await setFolderSize(
      db,
      { id: basketItemId(file('/m/a.txt', 1)), addedAt: 3 },
      { kind: 'counted', bytes: 99, files: 1 },
    );
    expect((await basketItems(db))[1]).toMatchObject({ size: 1, files: null });

    await removeFromBasket(db, docs.id);
    await addToBasket(db, [folder('/m/docs/')], now);
    await setFolderSize(db, docs, { kind: 'counted', bytes: 1, files: 1 });
    expect((await basketItems(db)).find((item) => item.id === docs.id)).toMatchObject({ size: null, files: null });
    await setFolderSize(db, { id: 'fs|admin|/gone/', addedAt: 1 }, { kind: 'counted', bytes: 1, files: 1 });
  });
});
