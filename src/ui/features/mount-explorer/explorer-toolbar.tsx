// The explorer's actions above the entries: upload and new folder where the caller may write,
// refresh, the view and the sort; and, while entries are selected, the batch actions.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { explorerSorts, explorerViews, type ExplorerSort, type ExplorerView } from './explorer-prefs';

type ExplorerToolbarProps = {
  canWrite: boolean;
  view: ExplorerView;
  sort: ExplorerSort;
  onView: (view: ExplorerView) => void;
  onSort: (sort: ExplorerSort) => void;
  onUpload: () => void;
  onNewFolder: () => void;
  onRefresh: () => void;
};

export function ExplorerToolbar({
  canWrite,
  view,
  sort,
  onView,
  onSort,
  onUpload,
  onNewFolder,
  onRefresh,
}: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const sortId = useId();
  return (
    <div className="explorer-toolbar">
      <div className="explorer-toolbar__group">
        {canWrite && (
          <>
            <button type="button" className="button button--primary" onClick={onUpload}>
              {t('explorer.actions.upload')}
            </button>
            <button type="button" className="button" onClick={onNewFolder}>
              {t('explorer.actions.newFolder')}
            </button>
          </>
        )}
        <button type="button" className="button" onClick={onRefresh}>
          {t('explorer.actions.refresh')}
        </button>
      </div>
      <div className="explorer-toolbar__group">
        <div role="group" aria-label={t('explorer.view.label')} className="segmented">
          {explorerViews.map((item) => (
            <button
              key={item}
              type="button"
              className="segmented__button"
              aria-pressed={view === item}
              onClick={() => onView(item)}
            >
              {t(`explorer.view.${item}`)}
            </button>
          ))}
        </div>
        <label htmlFor={sortId} className="visually-hidden">
          {t('explorer.sort.label')}
        </label>
        <select
          id={sortId}
          className="input explorer-toolbar__sort"
          value={sort}
          onChange={(e) => onSort(explorerSorts.find((s) => s === e.target.value) ?? 'name-asc')}
        >
          {explorerSorts.map((item) => (
            <option key={item} value={item}>
              {t(`explorer.sort.${item}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

type SelectionBarProps = {
  count: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onAddToBasket: () => void;
  onCopy: () => void;
  onMove?: () => void;
};

export function SelectionBar({
  count,
  total,
  onSelectAll,
  onClear,
  onDelete,
  onAddToBasket,
  onCopy,
  onMove,
}: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div className="selection-bar" role="region" aria-label={t('explorer.selected', { count })}>
      <span aria-live="polite">{t('explorer.selected', { count })}</span>
      {count < total && (
        <button type="button" className="button" onClick={onSelectAll}>
          {t('explorer.actions.selectAll')}
        </button>
      )}
      <button type="button" className="button" onClick={onClear}>
        {t('explorer.actions.clearSelection')}
      </button>
      <button type="button" className="button" onClick={onAddToBasket}>
        {t('basket.add')}
      </button>
      <button type="button" className="button" onClick={onCopy}>
        {t('explorer.actions.copyTo')}
      </button>
      {onMove && (
        <button type="button" className="button" onClick={onMove}>
          {t('explorer.move.menu')}
        </button>
      )}
      <button type="button" className="button button--danger" onClick={onDelete}>
        {t('explorer.actions.deleteSelected')}
      </button>
    </div>
  );
}
