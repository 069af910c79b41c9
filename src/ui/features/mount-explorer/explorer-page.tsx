// `/mount-explorer` and `/mount-explorer/{path...}`: the explorer for the admin or a
// key with mount permission; others are told how to get in. The explorer itself loads only for
// the first: with a session stored, the page's HTML has it downloading from the start
// (src/ui/app/session-preloads.ts), and without one the notice needs none of it.
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { useFsScope } from './data/fs-scope';
import './explorer.css';
import './explorer-panels.css';

const Explorer = lazy(() => import('./explorer').then((module) => ({ default: module.Explorer })));

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
        <Suspense>
          <Explorer scope={scope} folder={folder} preview={preview} />
        </Suspense>
      )}
    </section>
  );
}
