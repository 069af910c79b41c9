import { describe, expect, it } from 'vitest';
import { assignSlots, type RowSlots } from './row-slots';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const slotsOf = (slots: RowSlots, rows: number[]) => rows.map((row) => slots.get(row));

describe('assignSlots', () => {
  it('gives the first rows slots 0 to n - 1', () => {
    expect(slotsOf(assignSlots(new Map(), range(0, 4)), range(0, 4))).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the slot of a row still in view, and gives a row scrolled into view the slot of the one that left', () => {
    const first = assignSlots(new Map(), range(0, 9));
    const next = assignSlots(first, range(1, 10));
    expect(slotsOf(next, range(1, 9))).toEqual(slotsOf(first, range(1, 9)));
    expect(next.get(10)).toBe(first.get(0));
  });

  it('uses no more slots than rows drawn at once over a long scroll', () => {
    let slots: RowSlots = new Map();
    for (let top = 0; top < 2_000; top += 3) {
      const rows = range(top, top + 11 + (top % 2));
      slots = assignSlots(slots, rows);
      const used = rows.map((row) => slots.get(row));
      expect(new Set(used).size).toBe(rows.length);
      expect(Math.max(...used.map((slot) => slot ?? Number.POSITIVE_INFINITY))).toBeLessThan(13);
    }
  });

  it('reuses every slot after a jump to rows far away', () => {
    const near = assignSlots(new Map(), range(0, 7));
    const far = assignSlots(near, range(500, 507));
    expect(new Set(slotsOf(far, range(500, 507)))).toEqual(new Set(range(0, 7)));
  });
});
