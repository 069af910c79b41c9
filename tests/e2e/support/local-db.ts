// What the app's local database (RxDB on IndexedDB) holds, read straight from IndexedDB in the page.

/**
 * Whether a record of any of the local database's `collection` stores has `field` equal to
 * `value`. Runs in the page: pass it to `page.evaluate`.
 */
export async function storedRecord({
  collection,
  field,
  value,
}: {
  collection: string;
  field: string;
  value: string;
}): Promise<boolean> {
  const names = (await indexedDB.databases()).flatMap((database) =>
    database.name?.includes(`--${collection}`) ? [database.name] : [],
  );
  for (const name of names) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await Promise.all(
      [...db.objectStoreNames].map(
        (store) =>
          new Promise<unknown[]>((resolve) => {
            const request = db.transaction(store, 'readonly').objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => resolve([]);
          }),
      ),
    );
    db.close();
    if (
      records
        .flat()
        .some(
          (record) =>
            typeof record === 'object' &&
            record !== null &&
            field in record &&
            (record as Record<string, unknown>)[field] === value,
        )
    )
      return true;
  }
  return false;
}
