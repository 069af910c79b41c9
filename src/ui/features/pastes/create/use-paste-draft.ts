// The home editor's content and format, mirrored into the local database ~500 ms after the last
// change. The database is not part of the first paint: it opens on the first save, or in idle
// time to restore a saved draft, and only when this browser holds the database at all (a first
// visit never loads it). A restored draft never overwrites what the user has typed meanwhile.
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PASTE_FORMAT, type PasteFormat } from '@shared/api/paste.schema';
import { localDatabaseExists } from '@db/database-name';
import { whenIdle } from '@ui/lib/when-idle';
import type { PasteDraft } from '@ui/features/pastes/lib/paste-draft-store';

const SAVE_DELAY_MS = 500;
const emptyDraft: PasteDraft = { content: '', format: DEFAULT_PASTE_FORMAT };

type DraftStore = typeof import('@ui/features/pastes/lib/paste-draft-store');
export type DraftStatus = 'idle' | 'saved' | 'failed';

export function usePasteDraft() {
  const [draft, setDraft] = useState<PasteDraft>(emptyDraft);
  const [status, setStatus] = useState<DraftStatus>('idle');
  const touched = useRef(false);
  const generation = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** Store operations run one after another, so a late save can never undo a clear. */
  const enqueue = useCallback(<T>(operation: (store: DraftStore) => Promise<T>): Promise<T> => {
    const next = queue.current.then(() => import('@ui/features/pastes/lib/paste-draft-store')).then(operation);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      void localDatabaseExists().then((exists) => {
        if (!exists || !live || touched.current) return;
        enqueue((store) => store.loadDraft()).then(
          (saved) => {
            if (live && saved && !touched.current) setDraft(saved);
          },
          () => undefined,
        );
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [enqueue]);

  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(() => {
      const saving = generation.current;
      // A save that ends after a clear (the paste was created meanwhile) says nothing.
      const report = (status: DraftStatus) => () => {
        if (generation.current === saving) setStatus(status);
      };
      enqueue((store) => (draft.content === '' ? store.clearDraft() : store.saveDraft(draft))).then(
        report('saved'),
        report('failed'),
      );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, enqueue]);

  const setContent = useCallback((content: string) => {
    touched.current = true;
    setStatus('idle');
    setDraft((current) => ({ ...current, content }));
  }, []);

  const setFormat = useCallback((format: PasteFormat) => {
    touched.current = true;
    setDraft((current) => ({ ...current, format }));
  }, []);

  const clear = useCallback(() => {
    generation.current += 1;
    touched.current = false;
    setStatus('idle');
    setDraft((current) => ({ ...emptyDraft, format: current.format }));
    void enqueue((store) => store.clearDraft()).catch(() => undefined);
  }, [enqueue]);

  return { ...draft, status, setContent, setFormat, clear };
}
