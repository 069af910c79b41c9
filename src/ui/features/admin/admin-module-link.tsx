import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '@ui/components/count-badge';
import type { AdminModule } from './admin-modules';

/** A link to one module, with the count of what is new there; the dashboard lives at /admin itself. */
export function AdminModuleLink({ module, badge = 0 }: { module: AdminModule; badge?: number }) {
  const { t } = useTranslation();
  const label = t(`admin.modules.${module}`);
  if (module === 'dashboard') {
    return (
      <Link to="/admin" className="panel-nav__link" activeOptions={{ exact: true }}>
        {label}
      </Link>
    );
  }
  return (
    <Link to="/admin/$module" params={{ module }} className="panel-nav__link">
      {label}
      <CountBadge count={badge} label={t('admin.newUploads', { count: badge })} />
    </Link>
  );
}
