// Where the explorer goes: a folder (`/mount-explorer/{path...}`) or a file's preview in its
// folder (`?preview=name`). Paths stay in the server's form in the route's splat.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { splatOf } from './fs-paths';

type PreviewSearch = { preview?: string };
export type ExplorerTarget =
  | { to: '/mount-explorer'; search: PreviewSearch }
  | { to: '/mount-explorer/$'; params: { _splat: string }; search: PreviewSearch };

/** The link to a folder, optionally with a file of it previewed; the root has its own route. */
export function folderTarget(folder: string, preview?: string): ExplorerTarget {
  const search = preview === undefined ? {} : { preview };
  const splat = splatOf(folder);
  return splat === ''
    ? { to: '/mount-explorer', search }
    : { to: '/mount-explorer/$', params: { _splat: splat }, search };
}

export function useExplorerNavigation() {
  const navigate = useNavigate();
  const router = useRouter();
  const go = useCallback(
    (target: ExplorerTarget, replace = false) => void navigate({ ...target, replace }),
    [navigate],
  );
  return useMemo(
    () => ({
      openFolder: (folder: string) => go(folderTarget(folder)),
      /** Opens (or, with null, closes) a file's preview; moving between files replaces the history entry. */
      preview: (folder: string, name: string | null, replace = false) =>
        go(folderTarget(folder, name ?? undefined), replace),
      /** The address of a target, as a router link would write it. */
      href: (target: ExplorerTarget) => router.buildLocation(target).href,
    }),
    [go, router],
  );
}
