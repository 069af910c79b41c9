// The rows a table has ticked for a bulk action, by id.
import { useCallback, useState } from 'react';

export type Selection = {
  selected: ReadonlySet<string>;
  /** Ticks (or unticks) every id given, leaving the others as they are. */
  select: (ids: string[], on: boolean) => void;
};

export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback(
    (ids: string[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids)
          if (on) next.add(id);
          else next.delete(id);
        return next;
      }),
    [],
  );
  return { selected, select };
}
