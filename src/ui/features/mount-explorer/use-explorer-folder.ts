// The folder on screen and the work started from it: its listing in the chosen order (every page
// loaded when the order is not the server's), whether it takes writes, and the copies, moves and
// uploads, which patch or reload the listing when they end in the folder still shown.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import type { FsScope } from './data/fs-scope';
import { useCopyTask } from './data/use-copy-task';
import { useFolderListing } from './data/use-folder-listing';
import { useFsCalls } from './data/use-fs-calls';
import { useMountUploads } from './data/use-mount-uploads';
import { useMoveTask } from './data/use-move-task';
import { upsert } from './explorer-dialogs';
import { type ExplorerSort, sortEntries, sortNeedsWholeFolder } from './explorer-prefs';

export function useExplorerFolder(scope: FsScope, folder: string, sort: ExplorerSort) {
  const calls = useFsCalls(scope);
  const listing = useFolderListing(calls, folder);
  const folderNow = useRef(folder);
  folderNow.current = folder;
  const { patch, loadAll, reload } = listing;

  const startCopy = useCopyTask(
    scope,
    calls,
    useCallback(
      (targetFolder: string) => {
        if (targetFolder === folderNow.current) reload();
      },
      [reload],
    ),
  );
  const startMove = useMoveTask(
    scope,
    useCallback((folders: ReadonlySet<string>) => folders.has(folderNow.current) && reload(), [reload]),
  );
  const uploads = useMountUploads(
    scope,
    useCallback(
      (into: string, entry: FsEntry) => {
        if (into === folderNow.current) patch((items) => upsert(items, entry));
      },
      [patch],
    ),
  );

  const info = listing.state.status === 'ready' ? listing.state.listing : undefined;
  const canWrite = info?.canWrite === true && !info.isRoot && !info.isVirtual;
  const entries = useMemo(() => sortEntries(info?.items ?? [], sort), [info?.items, sort]);
  const files = useMemo(() => entries.filter((entry) => !entry.isDirectory), [entries]);

  // Any order but the server's needs every page before it is right.
  useEffect(() => {
    if (sortNeedsWholeFolder(sort) && info?.nextCursor) loadAll();
  }, [sort, info?.nextCursor, loadAll]);

  return { calls, listing, info, canWrite, entries, files, startCopy, startMove, uploads };
}

export type ExplorerFolder = ReturnType<typeof useExplorerFolder>;
