// Which drawn row element shows which row of a virtualised list. A row scrolled into view takes
// the element of a row that left (its slot, the React key), so a long scroll updates a fixed set
// of elements instead of making and dropping a row's nodes at every step: the tab's memory holds
// no heap of dropped rows waiting for the garbage collector (issue 32: 5,000 photos under 300 MB).

/** Row index → slot. Rows still in view keep theirs; new rows take freed slots first. */
export type RowSlots = ReadonlyMap<number, number>;

export function assignSlots(previous: RowSlots, rows: readonly number[]): RowSlots {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const row of rows) {
    const slot = previous.get(row);
    if (slot !== undefined && !taken.has(slot)) {
      next.set(row, slot);
      taken.add(slot);
    }
  }
  // A freed slot still has its element: take those first, then the lowest numbers unused.
  const free = [...previous.values()].filter((slot) => !taken.has(slot)).sort((a, b) => a - b);
  let lowest = 0;
  for (const row of rows) {
    if (next.has(row)) continue;
    let slot = free.shift();
    if (slot === undefined) {
      while (taken.has(lowest)) lowest += 1;
      slot = lowest;
    }
    next.set(row, slot);
    taken.add(slot);
  }
  return next;
}
