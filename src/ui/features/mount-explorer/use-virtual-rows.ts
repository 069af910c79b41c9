// The rows of a view, virtualised against the window's scroll so a 10,000-entry folder renders
// only the rows in view (issue 10). Scrolling stays under 50 ms a task: the rows coming into view
// are drawn as a deferred update React may split, never synchronously inside the scroll event.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CARD_GAP, type EntryLayout } from './entry-layout';

/** Entries a row: one in the list, as many cards as the width holds (at least two) otherwise. */
function useColumns(element: HTMLElement | null, layout: EntryLayout): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([box]) => setWidth(box?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  if (layout.cardMinWidth === null || width === 0) return 1;
  return Math.max(2, Math.floor((width + CARD_GAP) / (layout.cardMinWidth + CARD_GAP)));
}

export function useVirtualRows(count: number, layout: EntryLayout) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const columns = useColumns(host, layout);
  const rowCount = Math.ceil(count / columns);

  // Where the list starts on the page, so the window's scroll maps onto its rows. Measured before
  // the first paint, then in the next frame after each commit: measuring right after a commit
  // would lay out the rows just drawn in the same task, where the frame lays them out anyway.
  const measured = useRef(false);
  useLayoutEffect(() => {
    if (host === null) return undefined;
    const measure = () => {
      const top = Math.round(host.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((now) => (now === top ? now : top));
    };
    if (!measured.current) {
      measured.current = true;
      measure();
      return undefined;
    }
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  });

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => layout.rowHeight + (layout.cardMinWidth === null ? 0 : CARD_GAP),
    overscan: layout.overscan,
    scrollMargin,
    // A scroll event only schedules the update; the new rows follow as a deferred render.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const shownRows = useDeferredValue(rows);
  const lastRow = rows[rows.length - 1]?.index ?? -1;
  return { host, setHost, columns, rowCount, scrollMargin, virtualizer, shownRows, lastRow };
}
