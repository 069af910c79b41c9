import { Suspense, type ComponentType } from 'react';
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { allowedModules, type AdminModule, type AdminModuleViewProps } from './admin-modules';
import { usePanelUser } from './use-panel-user';

/** One admin module. A key that may not open it lands on its first allowed module instead. */
export function AdminModulePage({
  module,
  views,
}: {
  module: AdminModule;
  views: Record<AdminModule, ComponentType<AdminModuleViewProps>>;
}) {
  const { t } = useTranslation();
  const user = usePanelUser();
  if (!user) return null;

  const allowed = allowedModules(user);
  if (!allowed.includes(module)) {
    const first = allowed[0];
    if (first === undefined) return <Navigate to="/mount-explorer" replace />;
    return <Navigate to="/admin/$module" params={{ module: first }} replace />;
  }
  const View = views[module];
  return (
    <Suspense
      fallback={
        <p className="notice" role="status">
          {t('app.loading')}
        </p>
      }
    >
      <View title={t(`admin.modules.${module}`)} />
    </Suspense>
  );
}
