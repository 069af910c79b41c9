// Dates on a server-rendered share page: the server writes them at its own offset from UTC, which
// the page carries (src/shared/share-page.ts), and the browser's first render (the hydration of
// those nodes, src/ui/app/share-island.tsx) must write the very same text. So inside a
// <PageZone offset> a date is first written at that offset, then in the visitor's local time once
// the page is the app's (one text update, after hydration). Elsewhere it is local time at once.
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { formatDateTime } from './format-date-time';

const ZoneContext = createContext<number | undefined>(undefined);

export function PageZone({ offset, children }: { offset: number | undefined; children: ReactNode }) {
  return <ZoneContext.Provider value={offset}>{children}</ZoneContext.Provider>;
}

/** formatDateTime, at the page's zone for the render that adopts the server's nodes. */
export function useDateTime(): (value: string | number | null | undefined, language: string) => string {
  const offset = useContext(ZoneContext);
  const [hydrating, setHydrating] = useState(offset !== undefined);
  useEffect(() => setHydrating(false), []);
  return (value, language) => formatDateTime(value, language, '', hydrating ? offset : undefined);
}
