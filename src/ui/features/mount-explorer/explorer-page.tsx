// `/mount-explorer` and `/mount-explorer/{path...}`: the explorer for the admin or a
// key with mount permission; others are told how to get in.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { useFsScope } from './data/use-fs-calls';
import { Explorer } from './explorer';
import './explorer.css';
import './explorer-panels.css';

export function ExplorerPage({ folder, preview }: { folder: string; preview: string | null }) {
  const { t } = useTranslation();
  const scope = useFsScope();
  useDocumentTitle(t('pages.mountExplorer.title'));
  return (
    <section className="page page--wide explorer-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('pages.mountExplorer.title')}
      </h1>
      {scope === null ? (
        <p className="notice" role="status">
          {t('explorer.noPermission')} <Link to="/admin">{t('explorer.loginLink')}</Link>
        </p>
      ) : (
        <Explorer scope={scope} folder={folder} preview={preview} />
      )}
    </section>
  );
}
