// The mount explorer (issue 10) at one folder: breadcrumbs, toolbar, search, the entries in the
// chosen view, uploads, and the dialogs of each action. Every server call goes through the data
// hooks; the folder on screen is patched with what the server confirmed rather than reloaded.
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { copyToClipboard } from '@ui/lib/clipboard';
import { toErrorInit } from '@ui/lib/to-error-init';
import { addEntriesToBasket } from './add-to-basket';
import { Breadcrumbs } from './breadcrumbs';
import { ContextMenu, type MenuAt } from './context-menu';
import { useCopyTask } from './data/use-copy-task';
import { useMoveTask } from './data/use-move-task';
import { useFolderListing } from './data/use-folder-listing';
import type { FsScope } from './data/fs-scope';
import { useFsCalls } from './data/use-fs-calls';
import { useFsSearch } from './data/use-fs-search';
import { useMountUploads } from './data/use-mount-uploads';
import { entryMenuItems, isChangeable, type EntryActions } from './entry-menu';
import { EntriesView } from './entry-views';
import { type ExplorerDialog, ExplorerDialogs, upsert } from './explorer-dialogs';
import { FolderBody } from './folder-body';
import { ExplorerToolbar, SelectionBar } from './explorer-toolbar';
import { sortEntries, sortNeedsWholeFolder, useExplorerPrefs } from './explorer-prefs';
import { decodeSegment } from './fs-paths';
import { PreviewDialog } from './preview-dialog';
import { SearchBar } from './search-bar';
import { SearchResults } from './search-results';
import { useShareAction } from './share-action';
import { useRequestFilesAction } from './request-files-action';
import { UploadList } from './upload-list';
import { useExplorerNavigation } from './use-explorer-navigation';
import { useMoveGestures } from './use-move-gestures';

type Notice = { text: string; error: boolean } | null;

/** The admin's "Remove lock": the entry's padlock goes once the server has removed the lock. */
function unlockWith(
  unlock: (path: string) => Promise<unknown>,
  patch: (change: (items: FsEntry[]) => FsEntry[]) => void,
  setNotice: (notice: Notice) => void,
  t: TFunction,
  fail: (error: unknown) => void,
): (entry: FsEntry) => void {
  return (entry) =>
    void unlock(entry.path).then(() => {
      patch((items) =>
        items.map((item) => {
          if (item.path !== entry.path) return item;
          const { lock: _removed, ...unlocked } = item;
          return unlocked;
        }),
      );
      setNotice({ text: t('explorer.unlock.done', { name: entry.name }), error: false });
    }, fail);
}

/** A download through a direct link that answers as an attachment. */
function startDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

type ExplorerProps = { scope: FsScope; folder: string; preview: string | null };

export function Explorer({ scope, folder, preview }: ExplorerProps) {
  const { t, i18n } = useTranslation();
  const calls = useFsCalls(scope);
  const listing = useFolderListing(calls, folder);
  const { view, setView, sort, setSort } = useExplorerPrefs();
  const nav = useExplorerNavigation();
  const search = useFsSearch(calls);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<ExplorerDialog>(null);
  const sharing = useShareAction(scope);
  const requestFiles = useRequestFilesAction();
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderNow = useRef(folder);
  folderNow.current = folder;
  const { patch, loadAll, loadMore, reload } = listing;
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

  const clearSearch = search.clear;
  useEffect(() => {
    setSelected(new Set());
    setNotice(null);
    setMenu(null);
    clearSearch();
  }, [folder, clearSearch]);
  // A notice is written in the language of its moment: another language clears it rather than
  // leave a sentence of the old one on screen.
  useEffect(() => setNotice(null), [i18n.language]);

  const ready = listing.state.status === 'ready' ? listing.state : null;
  const info = ready?.listing;
  const canWrite = info?.canWrite === true && !info.isRoot && !info.isVirtual;
  const entries = useMemo(() => sortEntries(info?.items ?? [], sort), [info?.items, sort]);
  const files = useMemo(() => entries.filter((entry) => !entry.isDirectory), [entries]);

  // Any order but the server's needs every page before it is right.
  useEffect(() => {
    if (sortNeedsWholeFolder(sort) && info?.nextCursor) loadAll();
  }, [sort, info?.nextCursor, loadAll]);

  const gestures = useMoveGestures({ folder, entries, selected, canWrite, startMove, setNotice, t });
  const { chosenWith, cutEntries } = gestures;

  const fail = useCallback(
    (error: unknown) => setNotice({ text: apiErrorMessage(t, toErrorInit(error)), error: true }),
    [t],
  );

  const toggleSelect = useCallback(
    (entry: FsEntry) =>
      setSelected((now) => {
        const next = new Set(now);
        if (next.has(entry.path)) next.delete(entry.path);
        else next.add(entry.path);
        return next;
      }),
    [],
  );

  const actions: EntryActions = useMemo(
    () => ({
      open: (entry) => (entry.isDirectory ? nav.openFolder(entry.path) : nav.preview(folder, entry.name)),
      download: (entry) =>
        void calls.fileLink(entry.path, true).then((link) => startDownload(link.presignedUrl, entry.name), fail),
      copyLink: (entry) =>
        void calls
          .fileLink(entry.path, false)
          .then((link) => copyToClipboard(new URL(link.presignedUrl, window.location.href).href))
          .then(
            (copied) =>
              setNotice({
                text: copied ? t('explorer.actions.linkCopied') : t('explorer.actions.copyFailed'),
                error: !copied,
              }),
            fail,
          ),
      edit: (entry) => setDialog({ kind: 'edit', entry }),
      rename: (entry) => setDialog({ kind: 'rename', entry }),
      remove: (list) => setDialog({ kind: 'delete', entries: list }),
      toggleSelect,
      addToBasket: (list) => void addEntriesToBasket(scope, list, t).then(setNotice),
      copy: (list) => setDialog({ kind: 'copy', entries: list }),
      move: (entry) => setDialog({ kind: 'move', entries: chosenWith(entry) }),
      cut: (entry) => cutEntries(chosenWith(entry)),
      unlock: calls.unlock && unlockWith(calls.unlock, patch, setNotice, t, fail),
      share: sharing.open,
      requestFiles: requestFiles && ((entry) => requestFiles(entry.path)),
    }),
    [calls, chosenWith, cutEntries, fail, folder, nav, patch, scope, t, toggleSelect, sharing.open, requestFiles],
  );

  const openMenu = useCallback(
    (entry: FsEntry, at: { x: number; y: number }) =>
      setMenu({
        ...at,
        label: t('explorer.actions.more', { name: entry.name }),
        items: entryMenuItems(entry, { canWrite, selected: selected.has(entry.path), t, actions }),
      }),
    [actions, canWrite, selected, t],
  );

  const onKeyAction = useCallback(
    (action: 'delete' | 'rename', entry: FsEntry) => {
      if (!canWrite || !isChangeable(entry)) return;
      if (action === 'rename') actions.rename(entry);
      else
        actions.remove(
          selected.has(entry.path) && selected.size > 1 ? entries.filter((item) => selected.has(item.path)) : [entry],
        );
    },
    [actions, canWrite, entries, selected],
  );

  const onFolderMenu = (event: MouseEvent<HTMLElement>) => {
    // Fields and links keep the browser's own menu (paste, open in a new tab).
    const onControl =
      event.target instanceof Element && event.target.closest('input, textarea, select, a, button') !== null;
    if (!canWrite || event.defaultPrevented || onControl) return;
    event.preventDefault();
    setMenu({
      x: event.clientX,
      y: event.clientY,
      label: t('explorer.breadcrumbs'),
      items: [
        { id: 'upload', label: t('explorer.actions.upload'), run: () => fileInput.current?.click() },
        { id: 'mkdir', label: t('explorer.actions.newFolder'), run: () => setDialog({ kind: 'mkdir' }) },
        { id: 'refresh', label: t('explorer.actions.refresh'), run: listing.reload },
        ...(gestures.cut.length > 0 ? [{ id: 'paste', label: t('explorer.move.paste'), run: gestures.paste }] : []),
        ...(requestFiles === undefined
          ? []
          : [{ id: 'request-files', label: t('explorer.actions.requestFiles'), run: () => requestFiles(folder) }]),
      ],
    });
  };

  const dropFiles = (event: DragEvent<HTMLElement>) => {
    if (!canWrite || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length > 0) uploads.start(folder, dropped);
  };

  const chosen = entries.filter((entry) => selected.has(entry.path));
  const folderLabel = decodeSegment(folder);

  return (
    <div
      className="explorer"
      data-dragging={dragging || undefined}
      onContextMenu={onFolderMenu}
      onDragStart={gestures.drag.onDragStart}
      onDragEnd={gestures.drag.onDragEnd}
      onDragOver={(event) => {
        if (gestures.drag.onDragOver(event)) return;
        if (!canWrite || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setDragging(false);
      }}
      onDrop={(event) => gestures.drag.onDrop(event) || dropFiles(event)}
    >
      <Breadcrumbs folder={folder} />
      <SearchBar
        folder={folder}
        mountId={info?.mount_id ?? null}
        history={search.history}
        onFocus={search.refreshHistory}
        onSearch={search.run}
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const chosenFiles = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosenFiles.length > 0) uploads.start(folder, chosenFiles);
        }}
      />
      <p className="explorer__notice" role="status" data-error={notice?.error || undefined}>
        {notice?.text}
      </p>
      <UploadList uploads={uploads.uploads} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
      {search.state.status !== 'idle' ? (
        <SearchResults
          state={search.state}
          onMore={search.more}
          onRetry={() => search.state.status !== 'idle' && search.run(search.state.request)}
          onClose={search.clear}
        />
      ) : (
        <>
          <ExplorerToolbar
            canWrite={canWrite}
            view={view}
            sort={sort}
            onView={setView}
            onSort={setSort}
            onUpload={() => fileInput.current?.click()}
            onNewFolder={() => setDialog({ kind: 'mkdir' })}
            onRefresh={listing.reload}
          />
          {scope === 'user' && info && !info.isRoot && !info.isVirtual && !info.canWrite && (
            <p className="notice">{t('explorer.readOnly')}</p>
          )}
          {chosen.length > 0 && (
            <SelectionBar
              count={chosen.length}
              total={entries.filter(isChangeable).length}
              onSelectAll={() => setSelected(new Set(entries.filter(isChangeable).map((entry) => entry.path)))}
              onClear={() => setSelected(new Set())}
              onDelete={() => actions.remove(chosen)}
              onAddToBasket={() => actions.addToBasket(chosen)}
              onCopy={() => actions.copy(chosen)}
              onMove={() => setDialog({ kind: 'move', entries: chosen })}
            />
          )}
          <FolderBody
            state={listing.state}
            scope={scope}
            canWrite={canWrite}
            onRetry={listing.reload}
            onLoadMore={loadMore}
            view={
              <EntriesView
                key={`${folder}|${view}`}
                entries={entries}
                view={view}
                folder={folder}
                calls={calls}
                label={folderLabel}
                selectable={canWrite}
                selected={selected}
                onToggleSelect={toggleSelect}
                onMenu={openMenu}
                onKeyAction={onKeyAction}
                onNearEnd={loadMore}
              />
            }
          />
        </>
      )}
      {dragging && (
        <div className="explorer__drop" aria-hidden="true">
          {t('explorer.drop', { folder: folderLabel })}
        </div>
      )}
      {menu && <ContextMenu {...menu} onClose={() => setMenu(null)} />}
      <ExplorerDialogs
        dialog={dialog}
        folder={folder}
        calls={calls}
        patch={patch}
        onUnselect={(gone) => setSelected((now) => new Set([...now].filter((path) => !gone.has(path))))}
        onCopy={(entries, target, skipExisting) => {
          startCopy(entries, target, skipExisting);
          setSelected(new Set());
          setDialog(null);
          setNotice({ text: t('explorer.copy.started'), error: false });
        }}
        onMove={(entries, target, skipExisting) => {
          startMove(entries, target, skipExisting);
          setSelected(new Set());
          setDialog(null);
          setNotice({ text: t('explorer.move.started'), error: false });
        }}
        onClose={() => setDialog(null)}
      />
      {sharing.dialog}
      {preview !== null && dialog === null && (
        <PreviewDialog
          folder={folder}
          name={preview}
          files={files}
          calls={calls}
          onShow={(name) => nav.preview(folder, name, true)}
          onDownload={actions.download}
          onClose={() => nav.preview(folder, null)}
          fullscreen={view === 'gallery'}
        />
      )}
    </div>
  );
}
