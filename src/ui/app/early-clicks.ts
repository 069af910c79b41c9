// A server-rendered share page shows its buttons (the QR code, "Show it") before the app's code has
// arrived. A press on one of them then finds no handler; the entry holds it here instead, and the
// app replays it once it has adopted those very nodes (share-island.tsx), so the press is acted on
// rather than lost. Each button pressed is replayed once, in order. From hydrateRoot on, React hears
// presses itself (and replays those made while it hydrates), so holding stops there.
import { SHARE_ISLAND_ELEMENT_ID } from '@shared/share-page';

export type HeldClicks = {
  /** Stops holding presses and hands back a replay of those held, to run once the nodes are the app's. */
  release: () => () => void;
};

export function holdEarlyClicks(doc: Document): HeldClicks {
  const held: HTMLButtonElement[] = [];
  const listener = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (button === null || button.closest(`#${SHARE_ISLAND_ELEMENT_ID}`) === null) return;
    if (!held.includes(button)) held.push(button);
  };
  doc.addEventListener('click', listener, true);
  return {
    release: () => {
      doc.removeEventListener('click', listener, true);
      return () => {
        for (const button of held.splice(0)) if (button.isConnected && !button.disabled) button.click();
      };
    },
  };
}
