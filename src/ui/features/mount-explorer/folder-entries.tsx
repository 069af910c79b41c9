// The folder as the explorer shows it outside a search: the toolbar, a read-only note, the
// selection bar while entries are selected, and the entries in the chosen view (or the listing's
// loading, empty and failed states, folder-body.tsx).
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import type { FsScope } from './data/fs-scope';
import { type EntryActions, isChangeable } from './entry-menu';
import type { EntriesViewProps } from './entry-layout';
import { EntriesView } from './entry-views';
import type { ExplorerPrefs } from './explorer-prefs';
import { ExplorerToolbar, SelectionBar } from './explorer-toolbar';
import { FolderBody } from './folder-body';
import { decodeSegment } from './fs-paths';
import type { ExplorerController } from './use-explorer-controller';
import type { ExplorerFolder } from './use-explorer-folder';

type FolderEntriesProps = {
  scope: FsScope;
  folder: string;
  data: ExplorerFolder;
  prefs: ExplorerPrefs;
  ui: ExplorerController;
  actions: EntryActions;
  onMenu: EntriesViewProps['onMenu'];
  onKeyAction: EntriesViewProps['onKeyAction'];
  onUpload: () => void;
};

export function FolderEntries({
  scope,
  folder,
  data,
  prefs,
  ui,
  actions,
  onMenu,
  onKeyAction,
  onUpload,
}: FolderEntriesProps) {
  const { t } = useTranslation();
  const { listing, info, canWrite, entries, calls } = data;
  const { view, sort } = prefs;
  const chosen: FsEntry[] = entries.filter((entry) => ui.selected.has(entry.path));
  const changeable = entries.filter(isChangeable);
  return (
    <>
      <ExplorerToolbar
        canWrite={canWrite}
        view={view}
        sort={sort}
        onView={prefs.setView}
        onSort={prefs.setSort}
        onUpload={onUpload}
        onNewFolder={() => ui.openDialog({ kind: 'mkdir' })}
        onRefresh={listing.reload}
      />
      {scope === 'user' && info && !info.isRoot && !info.isVirtual && !info.canWrite && (
        <p className="notice">{t('explorer.readOnly')}</p>
      )}
      {chosen.length > 0 && (
        <SelectionBar
          count={chosen.length}
          total={changeable.length}
          onSelectAll={() => ui.selectOnly(changeable)}
          onClear={() => ui.selectOnly([])}
          onDelete={() => actions.remove(chosen)}
          onAddToBasket={() => actions.addToBasket(chosen)}
          onCopy={() => actions.copy(chosen)}
          onMove={() => ui.openDialog({ kind: 'move', entries: chosen })}
        />
      )}
      <FolderBody
        state={listing.state}
        scope={scope}
        canWrite={canWrite}
        onRetry={listing.reload}
        onLoadMore={listing.loadMore}
        view={
          <EntriesView
            key={`${folder}|${view}`}
            entries={entries}
            view={view}
            folder={folder}
            calls={calls}
            label={decodeSegment(folder)}
            selectable={canWrite}
            selected={ui.selected}
            onToggleSelect={ui.toggleSelect}
            onMenu={onMenu}
            onKeyAction={onKeyAction}
            onNearEnd={listing.loadMore}
          />
        }
      />
    </>
  );
}
