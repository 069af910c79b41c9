// The mount explorer (issue 10) at one folder: breadcrumbs, toolbar, search, the entries in the
// chosen view, uploads, and the dialogs of each action. The folder's data and tasks come from
// use-explorer-folder.ts, the selection, dialog, menu and notice from the controller
// (use-explorer-controller.ts), what each entry can do from use-explorer-actions.ts, the file
// input from upload-picker.tsx; this file only lays them out.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from './breadcrumbs';
import { ContextMenu } from './context-menu';
import type { FsScope } from './data/fs-scope';
import { useFsSearch } from './data/use-fs-search';
import { ExplorerDialogs } from './explorer-dialogs';
import { FolderEntries } from './folder-entries';
import { useExplorerPrefs } from './explorer-prefs';
import { decodeSegment } from './fs-paths';
import { PreviewDialog } from './preview-dialog';
import { useRequestFilesAction } from './request-files-action';
import { SearchBar } from './search-bar';
import { SearchResults } from './search-results';
import { useShareAction } from './share-action';
import { UploadList } from './upload-list';
import { useUploadPicker } from './upload-picker';
import { useExplorerActions } from './use-explorer-actions';
import { useExplorerController } from './use-explorer-controller';
import { useExplorerFolder } from './use-explorer-folder';
import { useExplorerNavigation } from './use-explorer-navigation';
import { useFileDrop } from './use-file-drop';
import { useMoveGestures } from './use-move-gestures';

type ExplorerProps = { scope: FsScope; folder: string; preview: string | null };

export function Explorer({ scope, folder, preview }: ExplorerProps) {
  const { t } = useTranslation();
  const prefs = useExplorerPrefs();
  const { view, sort } = prefs;
  const nav = useExplorerNavigation();
  const data = useExplorerFolder(scope, folder, sort);
  const { calls, listing, info, canWrite, entries, uploads } = data;
  const search = useFsSearch(calls);
  const ui = useExplorerController(folder);
  const sharing = useShareAction(scope);
  const requestFiles = useRequestFilesAction();
  const picker = useUploadPicker((files) => uploads.start(folder, files));

  const clearSearch = search.clear;
  useEffect(() => {
    clearSearch();
  }, [folder, clearSearch]);

  const { selected } = ui;
  const startMove = data.startMove;
  const gestures = useMoveGestures({ folder, entries, selected, canWrite, startMove, setNotice: ui.say, t });
  const { actions, openEntryMenu, onKeyAction, onFolderMenu } = useExplorerActions({
    scope,
    folder,
    calls,
    patch: listing.patch,
    entries,
    canWrite,
    ui,
    gestures,
    share: sharing.open,
    requestFiles,
    upload: picker.pick,
    refresh: listing.reload,
  });
  const drop = useFileDrop(canWrite, gestures.drag, (files) => uploads.start(folder, files));

  const folderLabel = decodeSegment(folder);

  return (
    <div
      className="explorer"
      data-dragging={drop.dragging || undefined}
      onContextMenu={onFolderMenu}
      {...drop.handlers}
    >
      <Breadcrumbs folder={folder} />
      <SearchBar
        folder={folder}
        mountId={info?.mount_id ?? null}
        history={search.history}
        onFocus={search.refreshHistory}
        onSearch={search.run}
      />
      {picker.input}
      <p className="explorer__notice" role="status" data-error={ui.notice?.error || undefined}>
        {ui.notice?.text}
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
        <FolderEntries
          scope={scope}
          folder={folder}
          data={data}
          prefs={prefs}
          ui={ui}
          actions={actions}
          onMenu={openEntryMenu}
          onKeyAction={onKeyAction}
          onUpload={picker.pick}
        />
      )}
      {drop.dragging && (
        <div className="explorer__drop" aria-hidden="true">
          {t('explorer.drop', { folder: folderLabel })}
        </div>
      )}
      {ui.menu && <ContextMenu {...ui.menu} onClose={ui.closeMenu} />}
      <ExplorerDialogs
        dialog={ui.dialog}
        folder={folder}
        calls={calls}
        patch={listing.patch}
        onUnselect={ui.unselect}
        onCopy={(list, target, skipExisting) => {
          data.startCopy(list, target, skipExisting);
          ui.started(t('explorer.copy.started'));
        }}
        onMove={(list, target, skipExisting) => {
          startMove(list, target, skipExisting);
          ui.started(t('explorer.move.started'));
        }}
        onClose={ui.closeDialog}
      />
      {sharing.dialog}
      {preview !== null && ui.dialog === null && (
        <PreviewDialog
          folder={folder}
          name={preview}
          files={data.files}
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
