// The page's side of the file basket: the local database (and its code) load only when the
// basket is used. A flag in localStorage says whether the basket holds anything
// (basket-remembered.ts), so the shell shows its button without opening the database, or loading
// this module, on every page. While a screen shows the basket, its folders are counted in the
// background (`basket-sizer.ts`, spec §9's warning).
import { useEffect, useState } from 'react';
import type { BasketAddResult, NewBasketItem } from '@db/basket';
import type { BasketItemDoc, BasketStatus } from '@db/schemas/basket.schema';
import type { ApiClient } from '@shared/http/api-client';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { openDatabaseWith } from '@ui/domain/database/open-database';
import type { BasketSizer } from './basket-sizer';
import { remember } from './basket-remembered';

async function open() {
  const { db, module: basket } = await openDatabaseWith(import('@db/basket'));
  return { db, basket };
}

/** Null when the browser has no local database. */
export async function addToBasket(items: readonly NewBasketItem[]): Promise<BasketAddResult | null> {
  try {
    const { db, basket } = await open();
    const result = await basket.addToBasket(db, items);
    remember(true);
    return result;
  } catch {
    return null;
  }
}

export async function removeFromBasket(id: string): Promise<void> {
  const { db, basket } = await open();
  await basket.removeFromBasket(db, id);
}

export async function clearBasket(): Promise<void> {
  const { db, basket } = await open();
  await basket.clearBasket(db);
}

export async function setBasketStatus(id: string, status: BasketStatus, error: string | null): Promise<void> {
  const { db, basket } = await open();
  await basket.setBasketStatus(db, id, status, error);
}

let interruptedReset: Promise<unknown> | null = null;

type Sizing = { sizer: Promise<BasketSizer>; users: number; stop: (() => void) | null };
/** One sizer per API client (one per page in the app); it remembers what it counted or failed to. */
const sizings = new WeakMap<ApiClient, Sizing>();

/** Counts folders while someone holds it; the last to let go cancels the counts under way. */
function holdSizing(client: ApiClient): () => void {
  let sizing = sizings.get(client);
  if (sizing === undefined) {
    const sizer = Promise.all([open(), import('./basket-sizer')]).then(([{ db, basket }, { createBasketSizer }]) =>
      createBasketSizer({ client, save: (entry, count) => basket.setFolderSize(db, entry, count) }),
    );
    sizer.catch(() => undefined);
    sizing = { sizer, users: 0, stop: null };
    sizings.set(client, sizing);
  }
  const held = sizing;
  held.users += 1;
  if (held.users === 1) {
    let live = true;
    let unwatch: (() => void) | null = null;
    void Promise.all([open(), held.sizer])
      .then(([{ db, basket }, sizer]) => {
        if (live) unwatch = basket.watchBasket(db, (items) => sizer.sync(items));
      })
      .catch(() => undefined);
    held.stop = () => {
      live = false;
      unwatch?.();
      void held.sizer.then((sizer) => sizer.stop()).catch(() => undefined);
    };
  }
  return () => {
    held.users -= 1;
    if (held.users > 0) return;
    held.stop?.();
    held.stop = null;
  };
}

export type BasketState =
  | { status: 'loading' }
  | { status: 'ready'; items: BasketItemDoc[] }
  | { status: 'unavailable' };

/**
 * The basket, kept current; the first use on a page puts entries a reload interrupted back to
 * waiting. While any screen uses it, folders of unknown size are counted.
 */
export function useBasket(): BasketState {
  const [state, setState] = useState<BasketState>({ status: 'loading' });
  const client = useApiClient();
  useEffect(() => holdSizing(client), [client]);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    open()
      .then(async ({ db, basket }) => {
        interruptedReset ??= basket.resetInterrupted(db).catch(() => 0);
        await interruptedReset;
        if (!live) return;
        stop = basket.watchBasket(db, (items) => {
          remember(items.length > 0);
          setState({ status: 'ready', items });
        });
      })
      .catch(() => live && setState({ status: 'unavailable' }));
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return state;
}
