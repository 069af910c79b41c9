// "Share…" for the explorer: who may share (the admin, or a key that also holds the file
// permission), and the dialog of the file being shared.
import { useCallback, useState, type ReactNode } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import { useAuthView } from '@ui/domain/session/auth-provider';
import type { FsScope } from './data/fs-scope';
import { useFsShare } from './data/use-fs-share';
import { ShareDialog } from './share-dialog';

export type ShareAction = { open: ((entry: FsEntry) => void) | undefined; dialog: ReactNode };

export function useShareAction(scope: FsScope): ShareAction {
  const auth = useAuthView();
  const share = useFsShare(scope);
  const [entry, setEntry] = useState<FsEntry | null>(null);
  const open = useCallback((chosen: FsEntry) => setEntry(chosen), []);
  const allowed = auth.status === 'admin' || (auth.status === 'apikey' && auth.permissions?.file === true);
  return {
    open: allowed ? open : undefined,
    dialog: entry && <ShareDialog entry={entry} share={share} onClose={() => setEntry(null)} />,
  };
}
