import { useTranslation } from 'react-i18next';
import type { PasteListItem } from '@shared/api/paste.schema';
import '@ui/components/data-table.css';
import { PasteRow } from './paste-row';

type PasteTableProps = {
  items: PasteListItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  onEdit: (paste: PasteListItem) => void;
  onDelete: (paste: PasteListItem) => void;
};

/** The page of pastes as a shared data-table (cards on phones), with a select-all box for the page. */
export function PasteTable({ items, selected, onSelect, onEdit, onDelete }: PasteTableProps) {
  const { t } = useTranslation();
  const allSelected = items.length > 0 && items.every((p) => selected.has(p.id));
  return (
    <table className="data-table paste-table">
      <caption className="visually-hidden">{t('pastes.manage.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" className="data-table__check">
            <input
              type="checkbox"
              checked={allSelected}
              aria-label={t('pastes.manage.selectAll')}
              onChange={(e) =>
                onSelect(
                  items.map((p) => p.id),
                  e.target.checked,
                )
              }
            />
          </th>
          <th scope="col">{t('pastes.manage.columns.content')}</th>
          <th scope="col">{t('pastes.manage.columns.creator')}</th>
          <th scope="col">{t('pastes.manage.columns.views')}</th>
          <th scope="col">{t('pastes.manage.columns.expires')}</th>
          <th scope="col">{t('pastes.manage.columns.created')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('pastes.manage.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((paste) => (
          <PasteRow
            key={paste.id}
            paste={paste}
            selected={selected.has(paste.id)}
            onSelect={(on) => onSelect([paste.id], on)}
            onEdit={() => onEdit(paste)}
            onDelete={() => onDelete(paste)}
          />
        ))}
      </tbody>
    </table>
  );
}
