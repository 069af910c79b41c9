import { useTranslation } from 'react-i18next';
import { pagesAround } from './pages-around';

type PageNavProps = { page: number; totalPages: number; onPage: (page: number) => void };

/** Previous, next and page-number buttons for a paged list. */
export function PageNav({ page, totalPages, onPage }: PageNavProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="page-nav" aria-label={t('pastes.manage.pages')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pastes.manage.previous')}
      </button>
      <ul className="page-nav__list">
        {pagesAround(page, totalPages).map((p, i, all) =>
          p === 'gap' ? (
            <li key={`gap-after-${all[i - 1]}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className="button page-nav__page"
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pastes.manage.pageN', { page: p })}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pastes.manage.next')}
      </button>
    </nav>
  );
}
