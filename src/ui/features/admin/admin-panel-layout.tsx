import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { AdminModuleLink } from './admin-module-link';
import { allowedModules, canUseMountExplorer } from './admin-modules';
import { usePanelUser } from './use-panel-user';
import { useRequestArrivals } from './use-request-arrivals';

/** The signed-in panel: module navigation (a sidebar, or a grid of chips on phones) and logout. */
export function AdminPanelLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const user = usePanelUser();
  const modules = user ? allowedModules(user) : [];
  const arrivals = useRequestArrivals(modules.includes('file-requests'));
  if (!user) return null;

  return (
    <div className="panel">
      <aside className="panel__aside">
        <p className="panel__heading">{t('admin.panel')}</p>
        <nav aria-label={t('admin.modulesLabel')} className="panel-nav">
          <ul className="panel-nav__list">
            {modules.map((module) => (
              <li key={module}>
                <AdminModuleLink module={module} badge={module === 'file-requests' ? arrivals : 0} />
              </li>
            ))}
            {canUseMountExplorer(user) && (
              <li>
                <Link to="/mount-explorer" className="panel-nav__link">
                  {t('admin.mountExplorerLink')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <button type="button" className="button panel__logout" onClick={() => actor.send({ type: 'auth.logout' })}>
          {t('admin.logout')}
        </button>
      </aside>
      <div className="panel__content">{children}</div>
    </div>
  );
}
