import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PasteListItem } from '@shared/api/paste.schema';
import { RowActions } from '@ui/components/row-actions';
import { formatDateTime } from '@ui/lib/format-date-time';
import { creatorLabel } from '@ui/domain/shares/creator-label';

type PasteRowProps = {
  paste: PasteListItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One paste in the management table; each cell names its column for the phone card layout. */
export function PasteRow({ paste, selected, onSelect, onEdit, onDelete }: PasteRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const views = paste.maxViews === null ? String(paste.views) : `${paste.views} / ${paste.maxViews}`;
  return (
    <tr data-slug={paste.slug}>
      <td className="data-table__check">
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('pastes.manage.select', { slug: paste.slug })}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td data-label={t('pastes.manage.columns.content')} className="paste-table__content">
        <div>
          <Link to="/paste/$slug" params={{ slug: paste.slug }} className="paste-table__slug">
            {paste.slug}
          </Link>
          {paste.hasPassword && <span className="badge paste-table__badge">{t('pastes.manage.protected')}</span>}
          {paste.remark && <span className="paste-table__remark">{paste.remark}</span>}
          <span className="paste-table__preview">{paste.contentPreview}</span>
        </div>
      </td>
      <td data-label={t('pastes.manage.columns.creator')}>{creatorLabel(t, paste.createdBy)}</td>
      <td data-label={t('pastes.manage.columns.views')}>{views}</td>
      <td data-label={t('pastes.manage.columns.expires')}>
        {paste.expiresAt ? formatDateTime(paste.expiresAt, language) : t('pastes.meta.never')}
      </td>
      <td data-label={t('pastes.manage.columns.created')}>{formatDateTime(paste.createdAt, language)}</td>
      <RowActions
        columnLabel={t('pastes.manage.columns.actions')}
        actions={[
          { label: t('pastes.manage.edit'), name: t('pastes.manage.editOne', { slug: paste.slug }), onClick: onEdit },
          {
            label: t('pastes.manage.delete'),
            name: t('pastes.manage.deleteOne', { slug: paste.slug }),
            onClick: onDelete,
          },
        ]}
      />
    </tr>
  );
}
