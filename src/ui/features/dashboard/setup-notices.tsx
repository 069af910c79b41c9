import { useTranslation } from 'react-i18next';
import type { DashboardNotice } from '@shared/api/dashboard.schema';

/** What the admin should fix in the server's setup, above everything else on the dashboard. */
export function SetupNotices({ notices }: { notices: DashboardNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <section className="dash-notices" aria-label={t('dashboard.notices.label')}>
      {notices.map((notice) => (
        <div key={notice.kind} role="alert" className="dash-notice">
          <strong>{t(`dashboard.notices.${notice.kind}.title`)}</strong>
          <p>{t(`dashboard.notices.${notice.kind}.body`)}</p>
        </div>
      ))}
    </section>
  );
}
