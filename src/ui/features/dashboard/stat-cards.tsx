import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@shared/api/dashboard.schema';

const cards = [
  { key: 'pastes', value: (s: DashboardStats) => s.totalPastes },
  { key: 'files', value: (s: DashboardStats) => s.totalFiles },
  { key: 'apiKeys', value: (s: DashboardStats) => s.totalApiKeys },
  { key: 'storageConfigs', value: (s: DashboardStats) => s.totalStorageConfigs },
  { key: 'thumbnailQueue', value: (s: DashboardStats) => s.thumbnailQueue },
] as const;

/** The totals (and the thumbnail queue) as cards: a row on wide screens, a grid of two or a stack on phones. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en');
  return (
    <ul className="stat-cards" aria-label={t('dashboard.counts.label')}>
      {cards.map((card) => (
        <li key={card.key} className="dash-card stat-card">
          <span className="stat-card__label">{t(`dashboard.counts.${card.key}`)}</span>
          <span className="stat-card__value">{number.format(card.value(stats))}</span>
        </li>
      ))}
    </ul>
  );
}
