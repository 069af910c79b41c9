import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { crumbsOf } from './fs-paths';
import { folderTarget } from './use-explorer-navigation';

/** The mounts' root, then every folder down to the current one, which is marked as the page. */
export function Breadcrumbs({ folder }: { folder: string }) {
  const { t } = useTranslation();
  const crumbs = [{ label: t('explorer.root'), folder: '/' }, ...crumbsOf(folder)];
  return (
    <nav aria-label={t('explorer.breadcrumbs')} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.folder}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link {...folderTarget(crumb.folder)} data-crumb-folder={crumb.folder}>
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
