import { useTranslation } from 'react-i18next';
import { storageName } from '@ui/domain/storage/storage-labels';
import type { DashboardStats, StorageUsage as Usage } from '@shared/api/dashboard.schema';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatPercent } from './format-percent';
import { UsageBar } from './usage-bar';

/** Storage used overall and per config; a bar only where a quota gives it a meaning (no quota is not "full"). */
export function StorageUsage({ stats }: { stats: DashboardStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const usageText = (s: Usage) =>
    s.quotaBytes === null
      ? t('dashboard.storage.noQuota', { used: formatBytes(s.usedBytes) })
      : t('dashboard.storage.ofQuota', {
          used: formatBytes(s.usedBytes),
          quota: formatBytes(s.quotaBytes),
          percent: formatPercent((s.usagePercent ?? 0) / 100, lang),
        });

  return (
    <section className="dash-card" aria-labelledby="dash-storage">
      <h2 id="dash-storage" className="dash-card__title">
        {t('dashboard.storage.title')}
      </h2>
      <p className="dash-card__lead">{t('dashboard.storage.total', { used: formatBytes(stats.totalStorageUsed) })}</p>
      {stats.storage.length === 0 ? (
        <p className="notice">{t('dashboard.storage.empty')}</p>
      ) : (
        <ul className="usage-list">
          {stats.storage.map((s) => (
            <li key={s.id} className="usage-list__item">
              <div className="usage-list__head">
                <span className="usage-list__name">{storageName(t, s.name)}</span>
                <span className="usage-list__meta">{t('dashboard.storage.files', { count: s.fileCount })}</span>
              </div>
              {s.quotaBytes !== null && (
                <UsageBar
                  ratio={(s.usagePercent ?? 0) / 100}
                  label={t('dashboard.storage.usageLabel', { name: storageName(t, s.name) })}
                  valueText={usageText(s)}
                />
              )}
              <span className="usage-list__meta">{usageText(s)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
