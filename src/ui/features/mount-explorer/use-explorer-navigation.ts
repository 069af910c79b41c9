// Where the explorer goes: a folder (`/mount-explorer/{path...}`) or a file's preview in its
// folder (`?preview=name`, spec §2). Paths stay in the server's form in the route's splat.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { splatOf } from './fs-paths';

export type ExplorerTarget = { to: '/mount-explorer/$'; params: { _splat: string }; search: { preview?: string } };

/** The link to a folder, optionally with a file of it previewed. */
export function folderTarget(folder: string, preview?: string): ExplorerTarget {
  return { to: '/mount-explorer/$', params: { _splat: splatOf(folder) }, search: preview === undefined ? {} : { preview } };
}

export function useExplorerNavigation() {
  const navigate = useNavigate();
  const go = useCallback(
    // The root is the splat route with an empty splat, as `/mount-explorer` is for the router.
    (target: ExplorerTarget, replace = false) => void navigate({ ...target, replace }),
    [navigate],
  );
  return useMemo(
    () => ({
      openFolder: (folder: string) => go(folderTarget(folder)),
      /** Opens (or, with null, closes) a file's preview; moving between files replaces the history entry. */
      preview: (folder: string, name: string | null, replace = false) => go(folderTarget(folder, name ?? undefined), replace),
    }),
    [go],
  );
}
