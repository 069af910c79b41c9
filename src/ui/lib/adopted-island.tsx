// The share view a server-rendered page came with, already adopted by a root of its own
// (src/ui/app/share-island.tsx), handed to the route's screen that would otherwise draw it: the
// screen shows that very element in its place instead of rendering the view again. Offered once,
// for the page's share only; a later visit to the route renders as usual.
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { Root } from 'react-dom/client';

type Island = { kind: 'paste' | 'file'; slug: string; container: HTMLElement; root: Pick<Root, 'unmount'> };

let offered: Island | undefined;

export function offerIsland(island: Island): void {
  offered = island;
}

function takeIsland(kind: Island['kind'], slug: string): Island | undefined {
  const island = offered;
  if (island === undefined || island.kind !== kind || island.slug !== slug) return undefined;
  offered = undefined;
  return island;
}

/**
 * Moves `node` into `parent` keeping its state where the browser can (`moveBefore`: focus, a
 * selection, a playing video); else appended, with the focus put back where it was.
 */
function move(node: HTMLElement, parent: HTMLElement): void {
  if ('moveBefore' in parent && typeof parent.moveBefore === 'function') {
    parent.moveBefore(node, null);
    return;
  }
  const focused = document.activeElement;
  parent.append(node);
  if (focused instanceof HTMLElement && node.contains(focused) && document.activeElement !== focused)
    focused.focus({ preventScroll: true });
}

/** The adopted view of this share, if the page came with it; else `children`, the screen's own view. */
export function AdoptedIsland({ kind, slug, children }: { kind: Island['kind']; slug: string; children: ReactNode }) {
  const [island] = useState(() => takeIsland(kind, slug));
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const parent = host.current;
    if (island === undefined || parent === null) return;
    // Before the root layout removes the server's frame this element stood in (a parent's layout
    // effect runs after its children's).
    if (island.container.parentElement !== parent) move(island.container, parent);
    return () => {
      // Unmounted for good (not a development double run): the adopted root goes with it.
      queueMicrotask(() => {
        if (!parent.isConnected) island.root.unmount();
      });
    };
  }, [island]);
  if (island === undefined) return children;
  return <div ref={host} className="share-island" />;
}
