import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminModule } from './admin-modules';

/** A link to one module; the dashboard lives at /admin itself. */
export function AdminModuleLink({ module }: { module: AdminModule }) {
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
    </Link>
  );
}
