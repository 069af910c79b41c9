// Whether this browser's basket holds anything, as a flag in localStorage: the shell shows its
// basket button from it on every page without the basket's code or the local database
// (basket-store.ts keeps it up to date).
import { useEffect, useState } from 'react';

const HAS_ITEMS_KEY = 'basket:has-items';
const listeners = new Set<() => void>();

/** Records whether the basket holds anything, and tells the shell. */
export function remember(hasItems: boolean): void {
  try {
    if (hasItems === (window.localStorage.getItem(HAS_ITEMS_KEY) === '1')) return;
    if (hasItems) window.localStorage.setItem(HAS_ITEMS_KEY, '1');
    else window.localStorage.removeItem(HAS_ITEMS_KEY);
  } catch {
    // Storage refused: the button shows for signed-in users only.
  }
  for (const listener of listeners) listener();
}

function readRemembered(): boolean {
  try {
    return window.localStorage.getItem(HAS_ITEMS_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether this browser's basket held anything when last seen; re-renders when that changes. */
export function useBasketRemembered(): boolean {
  const [has, setHas] = useState(readRemembered);
  useEffect(() => {
    const update = () => setHas(readRemembered());
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return has;
}
