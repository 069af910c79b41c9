import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { ResourceStatus } from '@ui/components/resource-status';
import { ActivityChart } from './activity-chart';
import { CacheRates } from './cache-rates';
import { SetupNotices } from './setup-notices';
import { useDashboardStats } from './data/use-dashboard';
import { StatCards } from './stat-cards';
import { StorageUsage } from './storage-usage';
import './dashboard.css';

export function DashboardView({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const stats = useDashboardStats();

  return (
    <section className="page page--dashboard" aria-labelledby="page-title">
      <div className="dash-header">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        <button type="button" className="button" onClick={stats.reload}>
          {t('dashboard.refresh')}
        </button>
      </div>
      <ResourceStatus state={stats.state} onRetry={stats.reload}>
        {(data) => (
          <div className="dashboard">
            <SetupNotices notices={data.notices} />
            <StatCards stats={data} />
            <ActivityChart activity={data.activity} />
            <StorageUsage stats={data} />
            <CacheRates cache={data.cache} onCleared={stats.reload} />
          </div>
        )}
      </ResourceStatus>
    </section>
  );
}
