import { Suspense } from 'react';
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { adminModuleViews } from './admin-module-views';
import { allowedModules, type AdminModule } from './admin-modules';
import { usePanelUser } from './use-panel-user';

/** One admin module. A key that may not open it lands on its first allowed module instead. */
export function AdminModulePage({ module }: { module: AdminModule }) {
  const { t } = useTranslation();
  const user = usePanelUser();
  if (!user) return null;

  const allowed = allowedModules(user);
  if (!allowed.includes(module)) {
    const first = allowed[0];
    if (first === undefined) return <Navigate to="/mount-explorer" replace />;
    return <Navigate to="/admin/$module" params={{ module: first }} replace />;
  }
  const View = adminModuleViews[module];
  return (
    <Suspense fallback={<p className="notice" role="status">{t('app.loading')}</p>}>
      <View title={t(`admin.modules.${module}`)} />
    </Suspense>
  );
}
